// Child process of `npm run bench:api`: the real app (as apps/api/src/server.ts builds it) on a
// loopback port, with one applicant whose application is submitted (every step), so the load
// generator in the parent process gets its own CPU. Reports {port, token, kind} over IPC.
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { createVault } from '../../apps/api/src/lib/crypto';
import { RecordingSms, type TestApp } from '../../apps/api/test/helpers';
import { ready, submit } from '../../apps/api/test/submit-helpers';

const config = { ...loadConfig(process.env), port: 0, host: '127.0.0.1' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const vault = createVault(config.dataKey);
const sms = new RecordingSms();
const app = await buildApp({
  config,
  db: database.db,
  vault,
  sms,
  now: () => new Date(),
});

// A submitted application with every step (issue #15: the status page's calls are measured on
// one), brought there by the API suites' own helpers (the same calls and step store the tests use).
const asTestApp = {
  app,
  config,
  sms,
  clock: {
    get now() {
      return new Date();
    },
    advance() {},
  },
  close: async () => {},
} as unknown as TestApp;
const applicant = await ready(asTestApp);
const submitted = await submit(asTestApp, applicant);
if (submitted.json.status !== 0)
  throw new Error(`bench: the submission failed: ${JSON.stringify(submitted.json)}`);
const { token } = applicant;

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.send?.({ port, token, kind: database.kind });

process.once('SIGTERM', () => {
  app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});

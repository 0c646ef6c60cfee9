// Child process of `npm run bench:api`, before the measured server starts: on the bench's
// database (DATABASE_URL, else PGlite in DATA_DIR) one applicant whose application is submitted
// (every step), brought there by the API suites' own helpers (the same calls and step store the
// tests use). Reports {token} over IPC and exits; the bench then starts the compiled server on the
// same database and DATA_DIR (same data key) and loads it.
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

// A submitted application with every step (issue #15: the status page's calls are measured on one).
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

await app.close();
// PGlite: the data directory is closed before the measured server opens it
await database.close();
process.send?.({ token: applicant.token, kind: database.kind }, () => process.exit(0));

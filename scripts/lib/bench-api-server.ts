// Child process of `npm run bench:api`: the real app (as apps/api/src/server.ts builds it) on a
// loopback port, with one user and one session created through the repositories, so the
// load generator in the parent process gets its own CPU. Reports {port, token, kind} over IPC.
import { randomInt } from 'node:crypto';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { createVault } from '../../apps/api/src/lib/crypto';
import { createSession } from '../../apps/api/src/plugins/app/auth/session-repository';
import { createSmsProvider } from '../../apps/api/src/plugins/app/sms/create-sms-provider';

const config = { ...loadConfig(process.env), port: 0, host: '127.0.0.1' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const vault = createVault(config.dataKey);
const app = await buildApp({
  config,
  db: database.db,
  vault,
  sms: createSmsProvider(config, console),
  now: () => new Date(),
});

const mobile = `5${String(randomInt(10 ** 7)).padStart(7, '0')}`;
const [user] = await database.db
  .insert(users)
  .values({
    region: 'HK',
    mobileEnc: vault.encrypt(mobile),
    mobileHash: vault.lookupHash(mobile),
    mobileMasked: `${mobile.slice(0, 2)}****${mobile.slice(6)}`,
  })
  .returning({ id: users.id });
const { token } = await createSession(database.db, user!.id, 'bench-device', new Date());

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

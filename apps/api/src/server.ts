import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runStartupMigrations } from './db/data-migrations';
import { createVault } from './lib/crypto';
import { createFileStore } from './plugins/app/files/create-file-store';
import { scheduleFileSweep } from './plugins/app/files/file-sweep';
import { schedulePurge } from './plugins/app/maintenance/purge-expired';
import { createSmsProvider } from './plugins/app/sms/create-sms-provider';
import { cjkFont } from './plugins/app/submissions/application-pdf/build';

const config = loadConfig();
const logger = { level: config.logLevel };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const vault = createVault(config.dataKey);
const files = createFileStore(config.fileStore, vault, { warn: (obj, msg) => app.log.warn(obj, msg) });
const app = await buildApp(
  {
    config,
    db: database.db,
    vault,
    files,
    // The app's logger (built below) is used once a message is sent, after start-up.
    sms: createSmsProvider(config, { info: (msg) => app.log.info({ module: 'sms' }, msg) }),
    now: () => new Date(),
  },
  { logger },
);
await runStartupMigrations({
  db: database.db,
  vault,
  files,
  dataDir: config.dataDir,
  now: new Date(),
  logger: app.log,
});
const stopPurge = schedulePurge(database.db, () => new Date(), app.log);
const stopSweep = scheduleFileSweep(database.db, files, () => new Date(), app.log);
app.addHook('onClose', async () => {
  stopPurge();
  stopSweep();
  files.close();
  await database.close();
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, production: config.isProduction, sms: config.sms.kind },
  `ready on http://localhost:${config.port}`,
);
// the application PDF's CJK font is read and parsed once per process (about a second): right after
// start-up rather than during the first download
setImmediate(() => cjkFont());
// the upload checks' worker threads load their modules now, not during the first upload
app.ctx.heavy.warm().catch((err) => app.log.error({ err }, 'the heavy-work pool did not start'));

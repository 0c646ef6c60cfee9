import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createVault } from './lib/crypto';
import { schedulePurge } from './plugins/app/maintenance/purge-expired';
import { createSmsProvider } from './plugins/app/sms/create-sms-provider';

const config = loadConfig();
const logger = { level: config.logLevel };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp(
  {
    config,
    db: database.db,
    vault: createVault(config.dataKey),
    // The app's logger (built below) is used once a message is sent, after start-up.
    sms: createSmsProvider(config, { info: (msg) => app.log.info({ module: 'sms' }, msg) }),
    now: () => new Date(),
  },
  { logger },
);
const stopPurge = schedulePurge(database.db, () => new Date(), app.log);
app.addHook('onClose', async () => {
  stopPurge();
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

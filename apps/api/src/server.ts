import { buildApp } from './app';
import { hasDevTools, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runStartupMigrations } from './db/data-migrations';
import { createVault } from './lib/crypto';
import { createFileStore } from './plugins/app/files/create-file-store';
import { scheduleFileSweep } from './plugins/app/files/file-sweep';
import { createJobPool, jobHandlersOf } from './plugins/app/jobs/job-handlers';
import { startJobRunner } from './plugins/app/jobs/job-runner';
import { schedulePurge } from './plugins/app/maintenance/purge-expired';
import { startOutboxSender } from './plugins/app/notifications/outbox-sender';
import { createSmsProvider } from './plugins/app/sms/create-sms-provider';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemoStaff } from './plugins/app/staff/staff-accounts';
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
  // with BACKOFFICE_PORT the public listener does not serve the back office (the second app does)
  { logger, surface: config.backoffice.port ? 'public' : 'all' },
);
// BACKOFFICE_PORT: the back office on a listener of its own, sharing this process's database,
// keys, file store and worker pool (config.ts, docs/backoffice.md)
const backofficeApp = config.backoffice.port
  ? await buildApp(
      {
        config,
        db: database.db,
        vault,
        files,
        mailer: app.ctx.mailer,
        heavy: app.ctx.heavy,
        sms: app.ctx.sms,
        now: () => new Date(),
      },
      { logger, surface: 'backoffice' },
    )
  : undefined;
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
// the applicant's notifications (SMS and email of review decisions), sent after their commit;
// both listeners share this process's sender (a decision on either kicks it)
const outbox = startOutboxSender({
  db: database.db,
  vault,
  sms: app.ctx.sms,
  mailer: app.ctx.mailer,
  content: app.ctx.content,
  now: () => new Date(),
  log: app.log.child({ module: 'outbox' }),
});
// heavy staff work (statement imports, evidence exports) as background jobs (issue #22,
// docs/backoffice.md "Jobs"): one runner per process; a request that queued a job kicks it
const jobPool = createJobPool(config);
const jobs = startJobRunner({
  db: database.db,
  files,
  handlers: jobHandlersOf(app.ctx, jobPool),
  now: () => new Date(),
  log: app.log.child({ module: 'jobs' }),
});
app.addHook('onClose', async () => {
  await backofficeApp?.close();
  stopPurge();
  stopSweep();
  await outbox.stop();
  // the job in hand stops after its current batch and goes back to the queue
  await jobs.stop();
  await jobPool.close();
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

// Outside production, on a developer's machine (the dev tools' condition: no real SMS provider, so
// no real applicants), one demo staff account per role, made once.
if (hasDevTools(config)) {
  const created = await seedDemoStaff(app.ctx);
  app.log.info(
    { created, accounts: DEMO_STAFF.map((d) => `${d.username} (${d.role})`) },
    `back office demo accounts: sign in at /backoffice with one of these usernames, the password "${DEMO_STAFF_PASSWORD}" and the current TOTP code from GET /dev/staff-codes`,
  );
}

await app.listen({ port: config.port, host: config.host });
if (backofficeApp) {
  await backofficeApp.listen({ port: config.backoffice.port!, host: config.backoffice.host });
  app.log.info(`back office on http://${config.backoffice.host}:${config.backoffice.port}/backoffice`);
}
app.log.info(
  { database: database.kind, production: config.isProduction, sms: config.sms.kind },
  `ready on http://localhost:${config.port}`,
);
// the application PDF's CJK font is read and parsed once per process (about a second): right after
// start-up rather than during the first download
setImmediate(() => cjkFont());
// the upload checks' worker threads load their modules now, not during the first upload
app.ctx.heavy.warm().catch((err) => app.log.error({ err }, 'the heavy-work pool did not start'));

// Child process of `npm run bench:jobs` (issue #22): the real app as apps/api/src/server.ts builds
// it, with its job runner started the same way, on a loopback port; one operations member and one
// approver signed in (password + TOTP through the real call) and one submitted application (the
// API suites' helpers) whose evidence pack the approver exports. Reports what the parent needs
// over IPC; the parent loads it, so the load generator gets its own CPU.
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { receivingAccounts } from '../../apps/api/src/db/schema';
import { createVault } from '../../apps/api/src/lib/crypto';
import { createJobPool, jobHandlersOf } from '../../apps/api/src/plugins/app/jobs/job-handlers';
import { startJobRunner } from '../../apps/api/src/plugins/app/jobs/job-runner';
import { findApplicationByUser } from '../../apps/api/src/plugins/app/steps/step-repository';
import { RecordingSms, type TestApp } from '../../apps/api/test/helpers';
import { createStaff, signInStaff } from '../../apps/api/test/review-helpers';
import { ready, submit } from '../../apps/api/test/submit-helpers';

// BENCH_TRACE=1: which stalls the event loop has, and which of them are the collector's. Every
// GC pause and every stall of the loop over 50 ms is printed with the time since start-up.
if (process.env.BENCH_TRACE) {
  const t0 = performance.now();
  const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const kinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (e.duration >= 20)
        console.error(
          `trace ${at()}: gc ${kinds[kind] ?? kind} ${e.duration.toFixed(0)} ms, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
        );
    }
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const t = performance.now();
    if (t - last > 60) console.error(`trace ${at()}: loop stalled ${(t - last - 10).toFixed(0)} ms`);
    last = t;
  }, 10).unref();
}

const config = { ...loadConfig(process.env), port: 0, host: '127.0.0.1' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const vault = createVault(config.dataKey);
const sms = new RecordingSms();
// the helpers' clock: a sign-in moves it to the next TOTP step (review-helpers.ts), so the app
// reads the same clock, a minute ahead of the wall at most
let offset = 0;
const now = () => new Date(Date.now() + offset);
const app = await buildApp({ config, db: database.db, vault, sms, now });
const jobPool = createJobPool(config);
const jobs = startJobRunner({
  db: database.db,
  files: app.ctx.files,
  handlers: jobHandlersOf(app.ctx, jobPool),
  now,
  log: app.log.child({ module: 'jobs' }),
});

const asTestApp = {
  app,
  config,
  sms,
  clock: {
    get now() {
      return now();
    },
    advance(seconds: number) {
      offset += seconds * 1000;
    },
  },
  close: async () => {},
} as unknown as TestApp;

const applicant = await ready(asTestApp);
const submitted = await submit(asTestApp, applicant);
if (submitted.json.status !== 0)
  throw new Error(`bench: the submission failed: ${JSON.stringify(submitted.json)}`);
const application = await findApplicationByUser(database.db, applicant.userId);
const ops = await signInStaff(asTestApp, await createStaff(asTestApp, ['operations']));
const approver = await signInStaff(asTestApp, await createStaff(asTestApp, ['approver']));
// the HSBC HKD account of the seed (docs/deposit.md): the statement must be of its number
const hkd = (await database.db.select().from(receivingAccounts)).find(
  (a) => a.statementFormat === 'hsbc_hk_csv',
);
if (!hkd) throw new Error('bench: no HSBC receiving account in the seed');

// as server.ts does after start-up: the worker threads load their modules now, not in the first job
await app.ctx.heavy.warm();
await jobPool.warm();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.send?.({
  port,
  kind: database.kind,
  ops: { cookie: ops.cookie, csrf: ops.csrf },
  approver: { cookie: approver.cookie, csrf: approver.csrf },
  accountId: hkd.id,
  accountNumber: hkd.accountNumber,
  applicationId: application!.id,
});

process.once('SIGTERM', () => {
  jobs
    .stop()
    .then(() => jobPool.close())
    .then(() => app.close())
    .then(() => database.close())
    .finally(() => process.exit(0));
});

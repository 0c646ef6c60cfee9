// `npm run bench:jobs` (issue #22): does heavy staff work slow anyone else? The real server (as
// server.ts starts it, job runner included; scripts/lib/bench-jobs-server.ts) on PGlite and, when
// one answers, PostgreSQL. In each, GET /healthz is measured by a steady loop (BENCH_LOOPS
// concurrent loops, one request after another, BENCH_PAUSE_MS between) first on an idle server,
// then while a BENCH_LINES-line (100,000) HSBC statement imports as a job, then while five evidence
// packs export as jobs; each job is followed through GET /jobs/:id as the console does. Prints
// p50/p99/max of /healthz per phase, the jobs' durations, and whether p99 stays within the target
// (100 ms). Exit code 1 when a job fails or a target is missed.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Lines of the statement file (two of them its header): 100,000, the most a file may have. */
const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 5);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 4);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const TARGET_P99_MS = 100;
const root = path.resolve(import.meta.dirname, '..');

interface Who {
  cookie: string;
  csrf: string;
}
interface Started {
  child: ChildProcess;
  port: number;
  kind: string;
  ops: Who;
  approver: Who;
  accountId: string;
  accountNumber: string;
  applicationId: string;
}

async function findPostgres(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function withAdmin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function startServer(env: Record<string, string>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
    if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
    const child = fork(path.join(root, 'scripts/lib/bench-jobs-server.ts'), [], {
      cwd: root,
      env: childEnv,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, ...(m as Omit<Started, 'child'>) }));
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** An HSBC HK business export of `lines` lines (all but the header credits) to `account`, none naming an application. */
function hsbcStatement(account: string, lines: number): Buffer {
  const out = [
    `Account,${account}`,
    'Booking date,Credit amount,Debit amount,Currency,Counterparty name,Counterparty account,Customer reference,Bank reference',
  ];
  const run = randomUUID();
  for (let i = 0; i < lines - 2; i++)
    out.push(
      `23/11/2026,${1000 + (i % 9000)}.${String(i % 100).padStart(2, '0')},,HKD,PAYER ${i},${100_000_000 + i},INV-${i},BENCH-${run}-${i}`,
    );
  return Buffer.from(`${out.join('\n')}\n`, 'utf8');
}

/** /healthz, back to back from LOOPS loops, until `stop` resolves: every latency in ms. */
async function measureHealth(
  base: string,
  stop: Promise<unknown>,
): Promise<{ ms: number[]; failed: number }> {
  let done = false;
  const end = () => {
    done = true;
  };
  stop.then(end, end);
  const ms: number[] = [];
  let failed = 0;
  const loop = async () => {
    while (!done) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
        else ms.push(performance.now() - started);
      } catch {
        failed++;
      }
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  };
  await Promise.all(Array.from({ length: LOOPS }, loop));
  return { ms, failed };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

interface Phase {
  db: string;
  phase: string;
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  jobSeconds: number | null;
}

function phaseOf(
  db: string,
  phase: string,
  r: { ms: number[]; failed: number },
  jobSeconds: number | null,
): Phase {
  const sorted = [...r.ms].sort((a, b) => a - b);
  return {
    db,
    phase,
    requests: r.ms.length,
    failed: r.failed,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    jobSeconds,
  };
}

async function staffCall(base: string, who: Who, method: string, p: string, body?: FormData) {
  const res = await fetch(`${base}/backoffice/api${p}`, {
    method,
    headers: {
      cookie: who.cookie,
      'accept-language': 'en',
      ...(method === 'GET' ? {} : { 'x-csrf-token': who.csrf }),
    },
    ...(body ? { body } : {}),
  });
  const json = (await res.json()) as { status: number; info?: string; data: Record<string, unknown> };
  if (res.status !== 200 || json.status !== 0)
    throw new Error(`${method} ${p}: HTTP ${res.status} ${json.status} ${json.info}`);
  return json.data;
}

/** Follows a job as the console does (once a second) until it has finished; its seconds. */
async function followJob(base: string, who: Who, id: string, label: string): Promise<number> {
  const started = performance.now();
  let last = '';
  for (;;) {
    const job = (await staffCall(base, who, 'GET', `/jobs/${id}`)) as {
      state: string;
      progress: { done: number; total: number | null };
      error: { message: string } | null;
    };
    const now = `${job.state} ${job.progress.done}/${job.progress.total ?? '?'}`;
    if (now !== last && process.env.BENCH_VERBOSE) console.log(`  ${label}: ${now}`);
    last = now;
    if (job.state === 'succeeded') return (performance.now() - started) / 1000;
    if (job.state === 'failed') throw new Error(`${label} failed: ${job.error?.message}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function benchOne(db: string, s: Started): Promise<Phase[]> {
  const base = `http://127.0.0.1:${s.port}`;
  const phases: Phase[] = [];
  phases.push(
    phaseOf(
      db,
      'idle',
      await measureHealth(base, new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000))),
      null,
    ),
  );

  const file = hsbcStatement(s.accountNumber, LINES);
  const form = new FormData();
  form.append('receiving_account_id', s.accountId);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'bench.csv');
  const uploadStarted = performance.now();
  const importJob = (await staffCall(base, s.ops, 'POST', '/deposits/imports', form)) as { id: string };
  const answeredMs = performance.now() - uploadStarted;
  console.log(
    `${db}: ${LINES.toLocaleString('en')}-line statement (${(file.length / 1e6).toFixed(1)} MB) answered its job in ${answeredMs.toFixed(0)} ms`,
  );
  let importSeconds = 0;
  const imported = followJob(base, s.ops, importJob.id, 'import').then((sec) => {
    importSeconds = sec;
  });
  const duringImport = await measureHealth(base, imported);
  await imported;
  phases.push(phaseOf(db, `import ${LINES.toLocaleString('en')} lines`, duringImport, importSeconds));

  const exportStarted = performance.now();
  const exportIds: string[] = [];
  for (let i = 0; i < EXPORTS; i++)
    exportIds.push(
      (
        (await staffCall(base, s.approver, 'POST', `/records/${s.applicationId}/evidence-pack`)) as {
          id: string;
        }
      ).id,
    );
  const exported = Promise.all(exportIds.map((id, i) => followJob(base, s.approver, id, `export ${i + 1}`)));
  const duringExports = await measureHealth(base, exported);
  await exported;
  phases.push(
    phaseOf(db, `${EXPORTS} evidence exports`, duringExports, (performance.now() - exportStarted) / 1000),
  );
  return phases;
}

const phases: Phase[] = [];
let failed = false;
const targets: { db: string; databaseUrl?: string; drop?: () => Promise<void> }[] = [{ db: 'pglite' }];
const pgBase = await findPostgres();
if (pgBase) {
  const name = `hk_bench_jobs_${randomBytes(5).toString('hex')}`;
  await withAdmin(pgBase, (c) => c.query(`create database ${name}`));
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  targets.push({
    db: 'postgresql',
    databaseUrl: url.toString(),
    drop: () =>
      withAdmin(pgBase, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  });
} else {
  console.log('PostgreSQL not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): PGlite only');
}
if (process.env.BENCH_DB)
  targets.splice(0, targets.length, ...targets.filter((t) => t.db === process.env.BENCH_DB));

for (const target of targets) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hk-bench-jobs-'));
  let server: Started | undefined;
  try {
    server = await startServer({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SIGN_SECRET: 'test-secret',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    console.log(
      `${target.db}: server on 127.0.0.1:${server.port} (${server.kind}), ${LOOPS} loops on /healthz`,
    );
    phases.push(...(await benchOne(target.db, server)));
  } catch (error) {
    failed = true;
    console.error(`${target.db}: ${(error as Error).message}`);
  } finally {
    if (server) await stopServer(server.child);
    await target.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const line = (cols: string[]) => cols.map((c, i) => (i < 2 ? c.padEnd(24) : c.padStart(9))).join(' ');
console.log('');
console.log(
  line(['database', 'while', 'requests', 'failed', 'p50 ms', 'p99 ms', 'max ms', 'job s', 'p99 ok']),
);
for (const p of phases) {
  const ok = p.failed === 0 && p.p99 <= TARGET_P99_MS;
  if (p.phase !== 'idle' && !ok) failed = true;
  console.log(
    line([
      p.db,
      p.phase,
      String(p.requests),
      String(p.failed),
      p.p50.toFixed(1),
      p.p99.toFixed(1),
      p.max.toFixed(1),
      p.jobSeconds === null ? '—' : p.jobSeconds.toFixed(1),
      p.phase === 'idle' ? '' : ok ? 'yes' : 'NO',
    ]),
  );
}
console.log(`target: /healthz p99 <= ${TARGET_P99_MS} ms while the jobs run`);
process.exit(failed ? 1 : 0);

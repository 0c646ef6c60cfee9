/// <reference path="./types/autocannon.d.ts" />
// `npm run bench:api`: requests/s and p99 latency of the calls the status page makes for a
// submitted application with every step (signed form bodies, with the database) next to the
// trivial GET /healthz of the same server in the same run, on PGlite and, when one answers,
// PostgreSQL; with the database statements one call costs (counted at the drivers), the server's
// CPU time per request, its start time and, at the end, its resident memory.
// The measured server is the compiled one (apps/api/dist/server.mjs under plain Node, as
// production runs it; compiled first when stale), on a database where a child process of the
// test helpers has submitted an application.
// Loopback only; each route is loaded for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (10),
// in BENCH_ROUNDS (default 2) slices taken in turn, so a change of the machine's load falls on
// every route alike. BENCH_DB=pglite|postgresql: one database only;
// BENCH_ROUTES=status,info: those calls only (and /healthz). BENCH_CPU_PROF=<dir>: the server's CPU profile. BENCH_SECONDS=50 is a 5-minute run per database (the memory figure).
// Before the measured slices the server is left to finish its start-up work (it parses the PDF font
// and starts the upload checks' thread after it answers /healthz: about 0.7 s of CPU that fell in the
// first measured slice, always the status call's), then every route is loaded for BENCH_WARMUP
// seconds (default 2, not counted) so the measured slices see JIT-compiled code on every route.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { computeSign } from '../packages/domain/src/sign';
import { ensureApiBuild, freePort } from './lib/server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
// the API suites' secret: the child brings its application to submitted with their helpers
const SIGN_SECRET = 'test-secret';
const root = path.resolve(import.meta.dirname, '..');

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

interface Started {
  child: ChildProcess;
  port: number;
  token: string;
  /** From the fork to the first answer of /healthz, ms. */
  startMs: number;
}

interface Stats {
  queries: number;
  cpuMicros: { user: number; system: number };
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** The test helpers' child: submits one application on the bench's database, then exits. */
function prepare(env: Record<string, string | undefined>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'scripts/lib/bench-api-server.ts'), [], {
      cwd: root,
      env,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let token: string | undefined;
    child.once('message', (m) => {
      token = (m as { token: string }).token;
    });
    child.once('exit', (code) =>
      token ? resolve(token) : reject(new Error(`the bench's setup exited without a token (code ${code})`)),
    );
  });
}

/** The compiled server under plain Node, its statements counted by a preloaded module. */
async function startServer(env: Record<string, string | undefined>, token: string): Promise<Started> {
  const port = await freePort();
  const started = Date.now();
  const child = fork(path.join(root, 'apps/api/dist/server.mjs'), [], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    execArgv: [
      '--import',
      path.join(root, 'scripts/lib/bench-count-queries.mjs'),
      // BENCH_CPU_PROF=<dir>: the server's CPU profile (written when it stops)
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the server exited before it answered /healthz');
    const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() - started > 120_000) throw new Error('the server did not answer /healthz in 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, token, startMs: Date.now() - started };
}

function statsOf(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if ((m as { type?: string }).type !== 'stats') return;
      child.off('message', onMessage);
      resolve(m as Stats);
    };
    child.on('message', onMessage);
    child.send({ type: 'stats' });
  });
}

/**
 * Waits until the server's own CPU use falls under a tenth of a core over half a second (its start-up
 * work after /healthz answers is done), at most 30 s. Returns the wait and the CPU spent meanwhile.
 */
async function settle(child: ChildProcess): Promise<{ ms: number; cpuMs: number }> {
  const started = Date.now();
  const first = cpuOf(await statsOf(child));
  let last = first;
  while (Date.now() - started < 30_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuOf(await statsOf(child));
    const busy = now - last;
    last = now;
    if (busy < 50_000) break;
  }
  return { ms: Date.now() - started, cpuMs: (last - first) / 1000 };
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function statusBody(token: string): string {
  const t = String(Date.now());
  return new URLSearchParams({
    token,
    broker: 'HPS',
    version: 'hk9.0',
    open_type: 'NewAccount',
    _t: t,
    _sign: computeSign(token, t, SIGN_SECRET),
  }).toString();
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Row {
  db: string;
  route: string;
  requests: number;
  durationS: number;
  p99: number;
  latencySum: number;
  non2xx: number;
  errors: number;
  /** Statements of one call alone (exact), and per request under load. */
  queriesOne: number;
  queries: number;
  cpuMicros: number;
}

/**
 * The calls the status page makes for a submitted application (issue #15), each a signed POST as
 * the web client sends it, loaded one after the other, then GET /healthz.
 */
const STATUS_PAGE_CALLS = [
  '/v9/OpenAccountHk/status',
  '/v9/OpenAccountHk/info',
  // the status page's content (docs/content.md): served from the in-process cache, one stamp query each
  '/v9/ServiceQr/info',
  '/v9/OpenAccountHk/ipoNewList',
  '/v9/OpenAccountHk/ipoAbs',
] as const;

const cpuOf = (s: Stats) => s.cpuMicros.user + s.cpuMicros.system;

async function benchOne(db: string, server: Started): Promise<Row[]> {
  const base = `http://127.0.0.1:${server.port}`;
  // BENCH_ROUTES=status,info: only the calls whose path contains one of these (with /healthz, always)
  const only = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
  const calls = only ? STATUS_PAGE_CALLS.filter((p) => only.some((o) => p.includes(o))) : STATUS_PAGE_CALLS;
  const routes = [...calls.map((p) => `POST ${p}`), 'GET /healthz'];
  const rows = new Map<string, Row>();
  // Two calls of each first, alone: the numbers mean nothing if a route answers an error, and the
  // statements of exactly one call are counted on the second (the first may fill a cache).
  for (const route of routes) {
    const [method, url] = route.split(' ') as [string, string];
    await fetch(`${base}${url}`, {
      method,
      ...(method === 'POST' ? { headers: FORM, body: statusBody(server.token) } : {}),
    });
    const before = await statsOf(server.child);
    const probe = await fetch(`${base}${url}`, {
      method,
      ...(method === 'POST' ? { headers: FORM, body: statusBody(server.token) } : {}),
    });
    const probeBody = (await probe.json().catch(() => null)) as { status?: number; info?: string } | null;
    const after = await statsOf(server.child);
    if (probe.status !== 200 || probeBody?.status !== 0) {
      throw new Error(
        `${route} answered HTTP ${probe.status}, status ${probeBody?.status} (${probeBody?.info ?? ''})`,
      );
    }
    rows.set(route, {
      db,
      route,
      requests: 0,
      durationS: 0,
      p99: 0,
      latencySum: 0,
      non2xx: 0,
      errors: 0,
      queriesOne: after.queries - before.queries,
      queries: 0,
      cpuMicros: 0,
    });
  }
  // Not measured: every route loaded once for BENCH_WARMUP seconds, so no route's slices carry the
  // JIT compilation of the code it runs first.
  if (warmup > 0) {
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      await autocannon({
        url: `${base}${url}`,
        method: method as 'GET' | 'POST',
        ...(method === 'POST' ? { headers: FORM, body: statusBody(server.token) } : {}),
        connections,
        duration: warmup,
      });
    }
  }
  // The signed `_t` stays valid for 5 minutes: a fresh body for each slice.
  for (let round = 0; round < rounds; round++) {
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      const before = await statsOf(server.child);
      const result: Result = await autocannon({
        url: `${base}${url}`,
        method: method as 'GET' | 'POST',
        ...(method === 'POST' ? { headers: FORM, body: statusBody(server.token) } : {}),
        connections,
        duration: seconds / rounds,
      });
      const after = await statsOf(server.child);
      const row = rows.get(route)!;
      row.requests += result.requests.total;
      row.durationS += result.duration;
      row.p99 = Math.max(row.p99, result.latency.p99);
      row.latencySum += result.latency.average * result.requests.total;
      row.non2xx += result.non2xx;
      row.errors += result.errors + result.timeouts;
      row.queries += after.queries - before.queries;
      row.cpuMicros += cpuOf(after) - cpuOf(before);
    }
  }
  return [...rows.values()];
}

const rate = (r: Row) => r.requests / r.durationS;

function report(rows: Row[]) {
  const line = (cols: string[]) => cols.map((c, i) => (i < 2 ? c.padEnd(30) : c.padStart(9))).join(' ');
  console.log('');
  console.log(
    line([
      'database',
      'route',
      'req/s',
      'p99 ms',
      'avg ms',
      'non-2xx',
      'errors',
      'queries',
      'q/req',
      'cpu ms/req',
    ]),
  );
  for (const r of rows) {
    console.log(
      line([
        r.db,
        r.route,
        rate(r).toFixed(0),
        r.p99.toFixed(1),
        (r.latencySum / Math.max(1, r.requests)).toFixed(2),
        String(r.non2xx),
        String(r.errors),
        String(r.queriesOne),
        (r.queries / Math.max(1, r.requests)).toFixed(2),
        (r.cpuMicros / 1000 / Math.max(1, r.requests)).toFixed(3),
      ]),
    );
  }
  console.log(
    "(queries: statements one call sends alone; q/req: per request under load; cpu: the server process's own)",
  );
  for (const db of new Set(rows.map((r) => r.db))) {
    const health = rows.find((r) => r.db === db && r.route.includes('healthz'))!;
    for (const r of rows.filter((x) => x.db === db && !x.route.includes('healthz'))) {
      const cpuRatio = health.cpuMicros / health.requests / (r.cpuMicros / r.requests);
      console.log(
        `${db}: ${r.route} / healthz throughput ratio ${(rate(r) / rate(health)).toFixed(2)}` +
          ` (p99 ${r.p99.toFixed(1)} ms vs ${health.p99.toFixed(1)} ms;` +
          ` ${r.queriesOne} queries per call vs ${health.queriesOne}; server CPU per request ratio ${cpuRatio.toFixed(2)})`,
      );
    }
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const rows: Row[] = [];
let failed = false;
const targets: { db: string; databaseUrl?: string; drop?: () => Promise<void> }[] = [{ db: 'pglite' }];
const pgBase = await findPostgres();
if (pgBase) {
  const name = `hk_bench_${randomBytes(5).toString('hex')}`;
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

ensureApiBuild();
const footer: string[] = [];
// BENCH_DB=pglite or postgresql: that database only
for (const target of targets.filter((t) => !process.env.BENCH_DB || t.db === process.env.BENCH_DB)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hk-bench-api-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SIGN_SECRET,
    LOG_LEVEL: 'warn',
    // one load generator on one address measures the routes, not the general request limit
    RATE_LIMIT_PER_MINUTE: '100000000',
    DATABASE_URL: target.databaseUrl,
  };
  if (!target.databaseUrl) delete env.DATABASE_URL;
  let server: Started | undefined;
  try {
    // the setup's uploads on a loaded machine: its image checks get more than a phone's 10 s
    const token = await prepare({ HEAVY_TIMEOUT_MS: '60000', ...env });
    server = await startServer(env, token);
    const settled = await settle(server.child);
    console.log(
      `${target.db}: compiled server on 127.0.0.1:${server.port}, answered /healthz ${server.startMs} ms after its start,` +
        ` settled ${settled.ms} ms later (${settled.cpuMs.toFixed(0)} ms of CPU meanwhile); ${warmup} s of warm-up per route;` +
        ` ${seconds} s per route in ${rounds} slices, ${connections} connections; load average ${load()}`,
    );
    const started = Date.now();
    rows.push(...(await benchOne(target.db, server)));
    const end = await statsOf(server.child);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    footer.push(
      `${target.db}: after ${((Date.now() - started) / 1000).toFixed(0)} s of load the server's resident memory is ${mb(end.rss)}` +
        ` (V8 heap ${mb(end.heapUsed)}, external ${mb(end.external)}, array buffers ${mb(end.arrayBuffers)});` +
        ` start ${server.startMs} ms; load average ${load()}`,
    );
  } catch (error) {
    failed = true;
    console.error(`${target.db}: ${(error as Error).message}`);
  } finally {
    if (server) await stopServer(server.child);
    await target.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (rows.length) report(rows);
for (const line of footer) console.log(line);
process.exit(failed ? 1 : 0);

/// <reference path="./types/autocannon.d.ts" />
// `npm run bench:api`: requests/s and p99 latency of the calls the status page makes for a
// submitted application with every step (signed form bodies, with the database) next to the
// trivial GET /healthz of the same server in the same run, on PGlite and, when one answers,
// PostgreSQL.
// Loopback only; each route is loaded for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (10).
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { computeSign } from '../packages/domain/src/sign';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
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
  kind: string;
}

function startServer(env: Record<string, string>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
    if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
    const child = fork(path.join(root, 'scripts/lib/bench-api-server.ts'), [], {
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
  result: Result;
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

async function benchOne(db: string, base: string, token: string): Promise<Row[]> {
  // One call of each first: the numbers mean nothing if a route answers an error.
  for (const path of STATUS_PAGE_CALLS) {
    const probe = await fetch(`${base}${path}`, { method: 'POST', headers: FORM, body: statusBody(token) });
    const probeBody = (await probe.json().catch(() => null)) as { status?: number; info?: string } | null;
    if (probe.status !== 200 || probeBody?.status !== 0) {
      throw new Error(
        `POST ${path} answered HTTP ${probe.status}, status ${probeBody?.status} (${probeBody?.info ?? ''})`,
      );
    }
  }
  const rows: Row[] = [];
  // The signed `_t` stays valid for 5 minutes: one body serves each route's run.
  for (const path of STATUS_PAGE_CALLS) {
    rows.push({
      db,
      route: `POST ${path}`,
      result: await autocannon({
        url: `${base}${path}`,
        method: 'POST',
        headers: FORM,
        body: statusBody(token),
        connections,
        duration: seconds,
      }),
    });
  }
  rows.push({
    db,
    route: 'GET /healthz',
    result: await autocannon({ url: `${base}/healthz`, connections, duration: seconds }),
  });
  return rows;
}

function report(rows: Row[]) {
  const line = (cols: string[]) => cols.map((c, i) => (i < 2 ? c.padEnd(30) : c.padStart(10))).join(' ');
  console.log('');
  console.log(line(['database', 'route', 'req/s', 'p99 ms', 'avg ms', 'non-2xx', 'errors']));
  for (const { db, route, result } of rows) {
    console.log(
      line([
        db,
        route,
        result.requests.average.toFixed(0),
        result.latency.p99.toFixed(1),
        result.latency.average.toFixed(2),
        String(result.non2xx),
        String(result.errors + result.timeouts),
      ]),
    );
  }
  for (const db of new Set(rows.map((r) => r.db))) {
    const health = rows.find((r) => r.db === db && r.route.includes('healthz'))!.result;
    for (const { route, result } of rows.filter((r) => r.db === db && !r.route.includes('healthz'))) {
      console.log(
        `${db}: ${route} / healthz throughput ratio ${(result.requests.average / health.requests.average).toFixed(2)}` +
          ` (p99 ${result.latency.p99.toFixed(1)} ms vs ${health.latency.p99.toFixed(1)} ms)`,
      );
    }
  }
}

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

for (const target of targets) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hk-bench-api-'));
  let server: Started | undefined;
  try {
    server = await startServer({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SIGN_SECRET,
      LOG_LEVEL: 'warn',
      // one load generator on one address measures the routes, not the general request limit
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    console.log(
      `${target.db}: server on 127.0.0.1:${server.port}, ${seconds} s per route, ${connections} connections`,
    );
    rows.push(...(await benchOne(target.db, `http://127.0.0.1:${server.port}`, server.token)));
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
process.exit(failed ? 1 : 0);

// Starts the real server for the browser journeys and the benchmarks as production runs it: the
// compiled apps/api/dist/server.mjs under plain Node (decision 023), compiled first when missing or
// older than the API's or the domain's source. A free loopback port, a fresh temporary DATA_DIR
// (PGlite unless DATABASE_URL is passed), the log in a file under .tmp/. Loopback only.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export { CHROMIUM_FLAGS, CHROMIUM_PATH };

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Debian's Chromium. Installs it (and CJK fonts for readable screenshots) when missing and running
 * as root; otherwise stops with a one-line explanation.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    console.error(
      `${CHROMIUM_PATH} is missing: install it with \`sudo apt-get install -y chromium fonts-noto-cjk\` (or set CHROMIUM_PATH), then run again.`,
    );
    process.exit(1);
  }
  console.log(`${CHROMIUM_PATH} is missing: installing Debian's chromium and fonts-noto-cjk`);
  const result = spawnSync(
    'sh',
    ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error(`could not install chromium with apt-get (exit ${result.status})`);
    process.exit(1);
  }
  return CHROMIUM_PATH;
}

export function ensureWebBuild() {
  if (existsSync(path.join(root, 'apps/web/dist/index.html'))) return true;
  return false;
}

const COMPILED_SERVER = path.join(root, 'apps/api/dist/server.mjs');

/** The newest modification time of the files under `dir` (0 when there are none). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The compiled server, compiled now (about 3 s) when missing or older than its source. */
export function ensureApiBuild() {
  const built = existsSync(COMPILED_SERVER) ? statSync(COMPILED_SERVER).mtimeMs : 0;
  const sources = ['apps/api/src', 'apps/api/drizzle', 'packages/domain/src'].map((d) =>
    newestMtime(path.join(root, d)),
  );
  if (built > Math.max(...sources)) return;
  console.log(built ? 'apps/api/dist is older than the source: compiling the API' : 'compiling the API');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the API did not compile (exit ${result.status})`);
}

/**
 * @param {{ name: string, env?: Record<string, string>, databaseUrl?: string, port?: number, dataDir?: string, readyWithinS?: number }} opts
 * @returns {Promise<{ url: string, port: number, logFile: string, printLog(tail?: number): void, stop(): Promise<void>, kill(): Promise<void> }>}
 */
export async function startServer({
  name,
  env = {},
  databaseUrl,
  port: fixedPort,
  dataDir: keptDataDir,
  readyWithinS = 90,
}) {
  // a fixed port and data directory: the same server started again (a release, e2e/journeys/release.spec.ts)
  const port = fixedPort ?? (await freePort());
  const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), `hk-${name}-`));
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const logFile = path.join(root, '.tmp', `${name}-server.log`);
  const out = openSync(logFile, 'w');
  const childEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  ensureApiBuild();
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: root,
    env: {
      ...childEnv,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  /** The server's log, or its last `tail` lines (a whole run's log buries what went wrong). */
  const printLog = (tail) => {
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    const shown = tail && lines.length > tail ? lines.slice(-tail) : lines;
    const cut = lines.length - shown.length;
    console.error(
      `\n----- server log (${path.relative(root, logFile)}${cut ? `, last ${shown.length} of ${lines.length} lines` : ''}) -----`,
    );
    console.error(shown.join('\n'));
    console.error('----- end of server log -----\n');
  };
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + readyWithinS * 1000;
  for (;;) {
    if (exited) {
      printLog();
      await stop();
      throw new Error(`the server exited before it was ready (code ${exited.code}, signal ${exited.signal})`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      printLog();
      await stop();
      throw new Error(`the server did not answer /healthz within ${readyWithinS} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  /** Kills the process at once (SIGKILL: no shutdown hook runs), as a crash would. */
  const kill = async () => {
    if (!exited) {
      child.kill('SIGKILL');
      await exitPromise;
    }
  };
  return { url, port, logFile, printLog, stop, kill };
}

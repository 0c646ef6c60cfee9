#!/usr/bin/env node
// Browser journeys: Debian's Chromium against the real server on a free port with a fresh PGlite
// DATA_DIR. Builds nothing: `npm test` builds the web app before (or run `npm run build`).
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- smoke.spec.ts`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureChromium, ensureWebBuild, root, startServer } from './lib/server.mjs';

ensureChromium();
if (!ensureWebBuild()) {
  console.error('apps/web/dist is missing: run `npm run build` first (npm test does it for you).');
  process.exit(1);
}

let server;
try {
  // TRUST_PROXY lets each test bring its own client address (e2e/support/test.ts).
  server = await startServer({ name: 'e2e', env: { TRUST_PROXY: '1' } });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`e2e: server on ${server.url} (PGlite), log in ${path.relative(root, server.logFile)}`);

const cli = path.join(root, 'node_modules/@playwright/test/cli.js');
const child = spawn(
  process.execPath,
  [cli, 'test', '--config', path.join(root, 'e2e/playwright.config.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: server.url } },
);
const stopOn = (signal) => process.once(signal, () => child.kill(signal));
stopOn('SIGINT');
stopOn('SIGTERM');
const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));

await server.stop();
if (code !== 0) server.printLog();
process.exit(code);

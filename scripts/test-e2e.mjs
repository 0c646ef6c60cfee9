#!/usr/bin/env node
// Browser journeys: Debian's Chromium against the real server on a free port with a fresh PGlite
// DATA_DIR. Builds nothing: `npm test` builds the web app before (or run `npm run build`).
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- smoke.spec.ts`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium, ensureWebBuild, root, startServer } from './lib/server.mjs';

ensureChromium();
if (!ensureWebBuild()) {
  console.error('apps/web/dist is missing: run `npm run build` first (npm test does it for you).');
  process.exit(1);
}

let server;
try {
  // TRUST_PROXY lets each test bring its own client address (e2e/support/test.ts).
  // HEAVY_TIMEOUT_MS: the upload threads run at nice +10, behind two browsers and the journeys on
  // the 2-core machine; a valid photo must not be refused (3008) because the machine is busy (the
  // limit itself is tested by the API suite, apps/api/test/uploads-hostile.test.ts)
  server = await startServer({ name: 'e2e', env: { TRUST_PROXY: '1', HEAVY_TIMEOUT_MS: '60000' } });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`e2e: server on ${server.url} (PGlite), log in ${path.relative(root, server.logFile)}`);

const cli = path.join(root, 'node_modules/@playwright/test/cli.js');
// a JSON report beside the list one: what failed is printed again last, after the server's log
const reportFile = path.join(root, '.tmp', 'e2e-report.json');
rmSync(reportFile, { force: true });
// the staff demo accounts' authenticator codes taken by journeys in this run (e2e/support/staff.ts)
const claimsDir = mkdtempSync(path.join(tmpdir(), 'hk-e2e-totp-'));
const child = spawn(
  process.execPath,
  [cli, 'test', '--config', path.join(root, 'e2e/playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: server.url,
      E2E_JSON_REPORT: reportFile,
      E2E_TOTP_CLAIMS_DIR: claimsDir,
    },
  },
);
const stopOn = (signal) => process.once(signal, () => child.kill(signal));
stopOn('SIGINT');
stopOn('SIGTERM');
const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));

await server.stop();
rmSync(claimsDir, { recursive: true, force: true });
if (code !== 0) server.printLog(150);
// last: what failed (and what passed only when tried again), each with the start of its error
printProblems();
process.exit(code);

/** Each journey that failed or was flaky: its title, where it failed and its error, without colours. */
function printProblems() {
  if (!existsSync(reportFile)) return;
  const problems = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const bad = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        problems.push({
          flaky: test.status === 'flaky',
          title: [...titles, spec.title].join(' › '),
          file: spec.file,
          line: spec.line,
          result: bad,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
  };
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    for (const suite of report.suites ?? []) walk(suite, []);
  } catch (error) {
    console.error(`e2e: the JSON report could not be read: ${error.message}`);
    return;
  }
  if (problems.length === 0) return;
  const failed = problems.filter((p) => !p.flaky).length;
  console.error(
    `\ne2e: ${failed} journey(s) failed, ${problems.length - failed} passed only when tried again (flaky):`,
  );
  for (const { flaky, title, file, line, result } of problems) {
    const mark = flaky ? '⚠ flaky' : '✘';
    console.error(`\n${mark} ${file}:${line} ${title}`);
    if (!result) continue;
    console.error(`(${result.status} after ${(result.duration / 1000).toFixed(1)} s)`);
    const error = result.errors?.[0] ?? result.error;
    const where = error?.location
      ? `  at ${path.relative(root, error.location.file)}:${error.location.line}`
      : '';
    const message = stripVTControlCharacters(String(error?.message ?? error?.value ?? ''))
      .split('\n')
      .slice(0, 14)
      .join('\n');
    console.error(`${message}${where ? `\n${where}` : ''}`);
  }
}

#!/usr/bin/env node
// The staff console's first load as Chromium fetches it (decision 019), to check that
// scripts/check-bundle.mjs counts what the browser does: the built console
// (apps/backoffice/dist, `npm run build` first) served on a loopback port with its API answered
// by a stub (signed out, then a reviewer with an empty queue); the JS requested for the sign-in
// page, then for the review queue, gzipped at level 9 from the built files. No database, no
// server process.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CONSOLE_BUDGET_KB } from './check-bundle.mjs';
import { CHROMIUM_FLAGS, ensureChromium, root } from './lib/server.mjs';

const dist = path.join(root, 'apps/backoffice/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('bench:console: apps/backoffice/dist is missing; run `npm run build` first');
  process.exit(1);
}

const json = (res, status, body) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};
const REVIEWER = {
  staff: { id: 's1', username: 'reviewer', displayName: 'Reviewer', roles: ['reviewer'], language: 'en' },
  csrfToken: 'bench',
  idleExpiresAt: '2099-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
};
let signedIn = false;
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/backoffice/api/session')
    return signedIn
      ? json(res, 200, { status: 0, info: '', data: REVIEWER })
      : json(res, 401, { status: 5001, info: 'signed out', data: null });
  if (url.pathname === '/backoffice/api/cases')
    return json(res, 200, { status: 0, info: '', data: { cases: [], total: 0, page: 1, pageSize: 20 } });
  if (url.pathname.startsWith('/backoffice/api/')) return json(res, 200, { status: 0, info: '', data: null });
  let file = path.join(dist, path.normalize(url.pathname.replace(/^\/backoffice\/?/, '')));
  if (!file.startsWith(dist) || !existsSync(file) || !path.extname(file))
    file = path.join(dist, 'index.html');
  res.setHeader(
    'content-type',
    /\.m?js$/.test(file) ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html',
  );
  res.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/backoffice`;

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith('.js')) scripts.add(p.replace(/^\/backoffice\//, ''));
  });
  const kb = (files) =>
    [...files].reduce((n, f) => n + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) /
    1024;

  await page.goto(`${base}/sign-in`);
  await page.getByRole('button').first().waitFor();
  await page.waitForLoadState('networkidle');
  const signIn = new Set(scripts);
  signedIn = true;
  await page.goto(`${base}/review-queue`);
  await page.getByRole('heading', { name: 'Review queue' }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');

  for (const f of [...scripts].sort()) console.log(`  /${f}${signIn.has(f) ? '' : '  (queue)'}`);
  console.log(`bench:console: sign-in page ${kb(signIn).toFixed(1)} KB gzipped JS (${signIn.size} files)`);
  console.log(
    `bench:console: sign-in, then the queue ${kb(scripts).toFixed(1)} KB (${scripts.size} files); budget ${CONSOLE_BUDGET_KB} KB`,
  );
} finally {
  await browser.close();
  server.close();
}

#!/usr/bin/env node
// `npm run bench:web`: what /login costs a phone. Builds the web app if apps/web/dist is missing,
// starts the real server on a free loopback port, then
//  1. loads /login in Debian's Chromium (Playwright) and sums the gzipped size (level 9) of the JS
//     responses received before the `load` event, measured from the response bodies;
//  2. runs Lighthouse 12.2.3 (mobile form factor, performance only, default simulated throttling)
//     BENCH_WEB_RUNS times (3) and prints each run and the median performance score, FCP, LCP, TBT.
// Lighthouse needs the page to paint (NO_FCP otherwise): it measures the app, not just the server.
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BUDGET_KB } from './check-bundle.mjs';
import { CHROMIUM_FLAGS, ensureChromium, ensureWebBuild, root, startServer } from './lib/server.mjs';

async function measureJs(url) {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    let loaded = false;
    page.on('load', () => {
      loaded = true;
    });
    const pending = [];
    const late = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
      const body = response.body().then((b) => ({ url: new URL(response.url()).pathname, body: b }));
      (loaded ? late : pending).push(body);
    });
    await page.goto(`${url}/login`, { waitUntil: 'load' });
    const scripts = await Promise.all(pending);
    // Lazy chunks fetched after `load` (route pages, catalogues): reported, not counted.
    await page.waitForLoadState('networkidle');
    const lateScripts = await Promise.all(late);
    let total = 0;
    for (const { url: path, body } of scripts) {
      const gz = gzipSync(body, { level: 9 }).length;
      total += gz;
      console.log(`  ${path}  ${(body.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`);
    }
    const lateGz = lateScripts.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
    return { kb: total / 1024, files: scripts.length, lateKb: lateGz / 1024, lateFiles: lateScripts.length };
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(`${url}/login`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const ms = (id) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      version: lhr.lighthouseVersion,
      chrome: lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0],
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    await chrome.kill();
  }
}

ensureChromium();
// BENCH_WEB_URL measures a server that is already running instead (e.g. a staging host).
const external = process.env.BENCH_WEB_URL?.replace(/\/+$/, '');
if (!external && !ensureWebBuild()) {
  console.log('bench:web: apps/web/dist is missing, building it');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = external
  ? { url: external, printLog() {}, async stop() {} }
  : await startServer({ name: 'bench-web' });
let code = 0;
try {
  console.log(`bench:web: server on ${server.url}; JS loaded by /login before the load event:`);
  const js = await measureJs(server.url);
  console.log(
    `bench:web: /login JS before load: ${js.kb.toFixed(1)} KB gzipped (${js.files} files; budget ${BUDGET_KB} KB)` +
      `; then ${js.lateKb.toFixed(1)} KB in ${js.lateFiles} lazy files until network idle`,
  );
  // Lighthouse's score moves by several points from one run to the next on this machine: its own
  // advice is the median of several runs (BENCH_WEB_RUNS, default 3), each printed.
  const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
  const results = [];
  for (let i = 0; i < runs; i++) {
    const lh = await runLighthouse(server.url);
    for (const w of lh.warnings) console.log(`  lighthouse warning: ${w}`);
    console.log(
      `  run ${i + 1}: performance ${lh.score} — FCP ${(lh.fcp / 1000).toFixed(2)} s, LCP ${(lh.lcp / 1000).toFixed(2)} s` +
        `, TBT ${lh.tbt.toFixed(0)} ms`,
    );
    results.push(lh);
  }
  const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
  console.log(
    `bench:web: Lighthouse ${median.version} (${median.chrome ?? 'chromium'}) mobile performance ${median.score}` +
      ` (median of ${runs}: ${results.map((r) => r.score).join(', ')})` +
      ` — FCP ${(median.fcp / 1000).toFixed(2)} s, LCP ${(median.lcp / 1000).toFixed(2)} s, TBT ${median.tbt.toFixed(0)} ms`,
  );
} catch (error) {
  code = 1;
  console.error(`bench:web failed: ${error.message}`);
  server.printLog();
} finally {
  await server.stop();
}
process.exit(code);

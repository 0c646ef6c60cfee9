#!/usr/bin/env node
// `npm run bench:web`: what /login costs a phone. Builds the web app if apps/web/dist is missing,
// starts the real server on a free loopback port, then
//  1. loads /login in Debian's Chromium (Playwright), as a phone in each language, and sums the
//     gzipped size (level 9) of every script fetched until the login form is ready and the network
//     idle after the load event: the count of the bundle check (scripts/check-bundle.mjs);
//  2. runs Lighthouse 12.2.3 (mobile form factor, performance only, default simulated throttling)
//     BENCH_WEB_RUNS times (3) and prints each run and the median performance score, FCP, LCP, TBT.
// Lighthouse needs the page to paint (NO_FCP otherwise): it measures the app, not just the server.
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { LOGIN_LANGUAGES, measureLogin, reportLogin } from './check-bundle.mjs';
import { CHROMIUM_FLAGS, ensureChromium, ensureWebBuild, root, startServer } from './lib/server.mjs';

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
  console.log(
    `bench:web: server on ${server.url}; JS fetched by /login until the form is ready and the network idle:`,
  );
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  try {
    for (const locale of LOGIN_LANGUAGES) {
      const measured = await measureLogin(browser, server.url, locale);
      reportLogin(locale, measured);
      console.log(`bench:web: /login in ${locale}: the form ready ${measured.readyMs} ms after navigation`);
    }
  } finally {
    await browser.close();
  }
  // Lighthouse's score moves by several points from one run to the next on this machine: its own
  // advice is the median of several runs (BENCH_WEB_RUNS, default 3), each printed.
  const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
  const results = [];
  for (let i = 0; i < runs; i++) {
    const lh = await runLighthouse(server.url);
    for (const w of lh.warnings) console.log(`  lighthouse warning: ${w}`);
    console.log(
      `  run ${i + 1}: performance ${lh.score} — FCP ${(lh.fcp / 1000).toFixed(2)} s, LCP ${(lh.lcp / 1000).toFixed(2)} s` +
        `, TBT ${lh.tbt.toFixed(0)} ms${lh.lcpElement ? `; LCP element ${lh.lcpElement.slice(0, 100)}` : ''}`,
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

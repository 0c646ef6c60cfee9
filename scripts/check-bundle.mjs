#!/usr/bin/env node
// Bundle budget (issue #2, issue #13, decision 015): the JS a phone fetches for /login before its
// first input, gzipped at level 9. Counted from the build, deterministically:
//  - the entry script of apps/web/dist/index.html and, transitively, every chunk it imports
//    statically (what the browser must fetch before the entry runs; the modulepreload links are
//    the same set, and a chunk missing from them is counted all the same);
//  - the chunks of the dynamic imports /login makes before its first input in the default
//    language (FIRST_LOAD_DYNAMIC, by source module through Vite's manifest), with their own
//    static imports.
// `npm run bench:web` measures the same thing in Chromium (scripts requested before `load`).
//
// The staff console (issue #22, decision 019) has its own budget, counted the same way: what
// Chromium fetches to show /backoffice/sign-in and then, signed in, the review queue — the entry
// and its static graph, plus the chunks of the lazy imports made on the way (the signed-in shell
// and the queue page, CONSOLE_FIRST_LOAD_DYNAMIC, through apps/backoffice/dist/.vite/manifest.json)
// with their static graphs. Every other page is its own chunk, loaded when its route opens.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 140;

/**
 * Source modules (keys of dist/.vite/manifest.json) that /login imports dynamically before the
 * first input, logged out, in the default language. Empty: everything it needs is in the entry's
 * static graph; what waits for the first touch (toasts, dialogs, the captcha row, the data
 * library, react-hook-form) is not counted.
 */
export const FIRST_LOAD_DYNAMIC = [];

/** The console's budget: sign-in, then the queue (decision 019). */
export const CONSOLE_BUDGET_KB = 405;

/**
 * Source modules (keys of apps/backoffice/dist/.vite/manifest.json) the console imports lazily
 * between the sign-in page and a usable review queue: the signed-in shell (app/router.tsx) and the
 * queue page (app/signed-in-routes.tsx). Nothing else is lazily imported on that path.
 */
export const CONSOLE_FIRST_LOAD_DYNAMIC = [
  'src/app/signed-in-routes.tsx',
  'src/features/review/components/queue-page.tsx',
];

const STATIC_IMPORT = /(?:^|[;}\s)])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * dist-relative paths of the JS fetched by the entry of `dist/index.html` and the `dynamic`
 * source modules (default: /login's, FIRST_LOAD_DYNAMIC), each with its static imports; `base` is
 * the app's base path (the console's is /backoffice/).
 */
export function firstLoadFiles(dist, dynamic = FIRST_LOAD_DYNAMIC, base = '/') {
  const indexHtml = path.join(dist, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`${indexHtml} is missing; run \`npm run build\` first`);
  const html = readFileSync(indexHtml, 'utf8');
  const roots = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag))
      roots.push((src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, '')).split('?')[0]);
  }
  if (roots.length === 0) throw new Error(`no module script found in ${indexHtml}`);
  if (dynamic.length) {
    const manifestFile = path.join(dist, '.vite/manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing (build.manifest)`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    for (const key of dynamic) {
      const entry = manifest[key];
      if (!entry) throw new Error(`${key} is not in the build's manifest (${manifestFile})`);
      roots.push(entry.file);
    }
  }
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const [, spec] of code.matchAll(STATIC_IMPORT)) {
      visit(path.posix.join(path.posix.dirname(file), spec));
    }
  };
  for (const r of roots) visit(r);
  return [...files];
}

/** Prints each file and the total; answers whether it is within the budget. */
function report(dist, files, budgetKb, what) {
  let total = 0;
  const rows = [];
  for (const file of files) {
    const raw = readFileSync(path.join(dist, file));
    const gz = gzipSync(raw, { level: 9 }).length;
    total += gz;
    rows.push(`  /${file}  ${(raw.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`);
  }
  console.log(rows.join('\n'));
  const totalKb = total / 1024;
  const verdict = totalKb <= budgetKb ? 'within' : 'OVER';
  console.log(
    `bundle: ${totalKb.toFixed(1)} KB gzipped JS fetched by ${what} (${files.length} files), ${verdict} the ${budgetKb} KB budget`,
  );
  return totalKb <= budgetKb;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
  const consoleDist = path.resolve(import.meta.dirname, '../apps/backoffice/dist');
  let web;
  let console_;
  try {
    web = firstLoadFiles(webDist);
    console_ = firstLoadFiles(consoleDist, CONSOLE_FIRST_LOAD_DYNAMIC, '/backoffice/');
  } catch (error) {
    console.error(`bundle: ${error.message}`);
    process.exit(1);
  }
  const webOk = report(webDist, web, BUDGET_KB, '/login before its first input');
  const consoleOk = report(
    consoleDist,
    console_,
    CONSOLE_BUDGET_KB,
    'the staff console for its sign-in page and then the review queue',
  );
  if (!webOk || !consoleOk) process.exit(1);
}

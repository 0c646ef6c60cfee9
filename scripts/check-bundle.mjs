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

const STATIC_IMPORT = /(?:^|[;}\s)])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** dist-relative paths of the JS /login fetches before its first input. */
export function firstLoadFiles(dist) {
  const indexHtml = path.join(dist, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`${indexHtml} is missing; run \`npm run build\` first`);
  const html = readFileSync(indexHtml, 'utf8');
  const roots = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) roots.push(src.replace(/^\//, '').split('?')[0]);
  }
  if (roots.length === 0) throw new Error('no module script found in apps/web/dist/index.html');
  if (FIRST_LOAD_DYNAMIC.length) {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
    for (const key of FIRST_LOAD_DYNAMIC) {
      const entry = manifest[key];
      if (!entry) throw new Error(`FIRST_LOAD_DYNAMIC: ${key} is not in the build's manifest`);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
  let files;
  try {
    files = firstLoadFiles(dist);
  } catch (error) {
    console.error(`bundle: ${error.message}`);
    process.exit(1);
  }
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
  const verdict = totalKb <= BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `bundle: ${totalKb.toFixed(1)} KB gzipped JS fetched by /login before its first input (${files.length} files), ${verdict} the ${BUDGET_KB} KB budget`,
  );
  if (totalKb > BUDGET_KB) process.exit(1);
}

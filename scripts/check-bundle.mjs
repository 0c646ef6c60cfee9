#!/usr/bin/env node
// Bundle budget (issue #2): the JS /login loads before first interaction — the entry script of
// apps/web/dist/index.html and every chunk it modulepreloads — gzipped at level 9, at most 180 KB.
// `npm run bench:web` measures the same thing in a real browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 180;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const indexHtml = path.join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error('bundle: apps/web/dist/index.html is missing; run `npm run build` first');
  process.exit(1);
}
const html = readFileSync(indexHtml, 'utf8');

const files = new Set();
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
  if (src && /\btype="module"/.test(tag)) files.add(src);
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
  if (href && /\brel="modulepreload"/.test(tag) && href.endsWith('.js')) files.add(href);
}
if (files.size === 0) {
  console.error('bundle: no module script found in apps/web/dist/index.html');
  process.exit(1);
}

let total = 0;
const rows = [];
for (const src of files) {
  const file = path.join(dist, src.replace(/^\//, '').split('?')[0]);
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  rows.push(`  ${src}  ${(raw.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`);
}
console.log(rows.join('\n'));
const totalKb = total / 1024;
const verdict = totalKb <= BUDGET_KB ? 'within' : 'OVER';
console.log(
  `bundle: ${totalKb.toFixed(1)} KB gzipped JS before first interaction (${files.size} files), ${verdict} the ${BUDGET_KB} KB budget`,
);
if (totalKb > BUDGET_KB) process.exit(1);

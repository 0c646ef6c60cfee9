#!/usr/bin/env node
// What /login's first load is made of, by package (decision 015). Builds the web app once more with
// source maps into a temporary directory (the production build config has none and stays so),
// takes the entry's static import graph (in the default language, zh-CN, the files Chromium fetches
// for /login, scripts/check-bundle.mjs; another language adds its catalogues' chunks), and gives
// each file's gzipped size (level 9) to the packages its bytes come from, in proportion to their
// raw bytes in that file.
//   node scripts/bundle-by-package.mjs            # builds, prints the table
//   node scripts/bundle-by-package.mjs <distDir>  # a build made with --sourcemap already
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { firstLoadFiles } from './check-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
let dist = process.argv[2];
let temporary = false;
if (!dist) {
  dist = mkdtempSync(path.join(tmpdir(), 'hk-web-sourcemap-'));
  temporary = true;
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, 'apps/web/node_modules/vite/bin/vite.js'),
      'build',
      '--sourcemap',
      '--outDir',
      dist,
      '--emptyOutDir',
    ],
    { cwd: path.join(root, 'apps/web'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** node_modules/<pkg> or node_modules/@scope/<pkg>; our own sources by workspace. */
function packageOf(source) {
  const s = source.replaceAll('\\', '/');
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = s.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (s.includes('packages/domain/')) return /\/locales\//.test(s) ? 'locales (@hk/domain)' : '@hk/domain';
  if (s.includes('apps/web/src/locales/')) return 'locales (apps/web)';
  if (s.includes('apps/web/')) return 'our code (apps/web)';
  return `other: ${s}`;
}

// JSON modules (the default language's catalogues) carry no mappings, nor does the bundler's glue
// (import lists, the preload helper's table of chunks).
const UNMAPPED = 'unmapped: locale JSON, bundler glue';
const byPackage = new Map();
const add = (pkg, kb) => byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + kb);
let total = 0;
const files = firstLoadFiles(dist);
for (const file of files) {
  const abs = path.join(dist, file);
  const code = readFileSync(abs);
  const gz = gzipSync(code, { level: 9 }).length / 1024;
  total += gz;
  let map;
  try {
    map = JSON.parse(readFileSync(`${abs}.map`, 'utf8'));
  } catch {
    add('[no source map]', gz);
    continue;
  }
  const lines = code.toString('utf8').split('\n');
  const consumer = new SourceMapConsumer(map);
  const segments = [];
  consumer.eachMapping((m) => segments.push(m), null, SourceMapConsumer.GENERATED_ORDER);
  const bytes = new Map();
  let mapped = 0;
  for (let i = 0; i < segments.length; i++) {
    const m = segments[i];
    const next = segments[i + 1];
    const line = lines[m.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : line.length;
    const n = Buffer.byteLength(line.slice(m.generatedColumn, end));
    const pkg = m.source ? packageOf(m.source) : UNMAPPED;
    bytes.set(pkg, (bytes.get(pkg) ?? 0) + n);
    mapped += n;
  }
  const unmapped = Math.max(0, code.length - mapped);
  bytes.set(UNMAPPED, (bytes.get(UNMAPPED) ?? 0) + unmapped);
  for (const [pkg, n] of bytes) add(pkg, (gz * n) / code.length);
}
if (temporary) rmSync(dist, { recursive: true, force: true });

const rows = [...byPackage].filter(([, kb]) => kb >= 0.05).sort((a, b) => b[1] - a[1]);
const width = Math.max(...rows.map(([p]) => p.length));
console.log(
  `/login first load by package (${files.length} files, gzip level 9, shared in proportion to raw bytes)`,
);
for (const [pkg, kb] of rows) console.log(`  ${pkg.padEnd(width)}  ${kb.toFixed(1).padStart(6)} KB`);
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(6)} KB`);

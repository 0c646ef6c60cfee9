#!/usr/bin/env node
// `npm run build`: the applicant app (apps/web), the back office (apps/backoffice) and the API
// (scripts/build-api.mjs) built at once, as three processes: each of them spends much of its time
// on one core (rollup's bundling, the precompression), so on a two-core machine the three overlap
// instead of following one another (decision 027: `npm start` on a fresh clone within 20 s).
// Prints each part's time; fails when any part fails (the others are left to finish).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const parts = [
  { name: 'web', cmd: npm, args: ['run', 'build', '-w', '@hk/web'] },
  { name: 'backoffice', cmd: npm, args: ['run', 'build', '-w', '@hk/backoffice'] },
  { name: 'api', cmd: process.execPath, args: [path.join(root, 'scripts/build-api.mjs')] },
];

const started = Date.now();
const results = await Promise.all(
  parts.map(
    (part) =>
      new Promise((resolve) => {
        const t0 = Date.now();
        const child = spawn(part.cmd, part.args, { cwd: root, stdio: 'inherit' });
        child.on('error', (error) => resolve({ ...part, code: 1, ms: Date.now() - t0, error }));
        child.on('exit', (code, signal) =>
          resolve({ ...part, code: code ?? (signal ? 1 : 0), ms: Date.now() - t0 }),
        );
      }),
  ),
);
for (const r of results)
  console.log(`build: ${r.name} ${r.code === 0 ? 'done' : 'FAILED'} in ${(r.ms / 1000).toFixed(1)} s`);
console.log(`build: all in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);

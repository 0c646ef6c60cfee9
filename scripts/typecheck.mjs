#!/usr/bin/env node
// `npm run typecheck`: the type checker over each TypeScript project of the repository. Each `tsc`
// is one thread; two run at a time (the CI machine has 2 cores), the largest first, so the step takes
// about half of running them one after another. Every project's errors are printed under its name;
// any failure fails the step (after all have run, so one run shows everything that is wrong).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// largest first: the two apps with the most files start together, the small ones fill in after
const projects = ['apps/web', 'apps/api', 'apps/backoffice', 'e2e', 'packages/domain', 'scripts'];
const parallel = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS ?? 2), os.availableParallelism()));

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const failed = [];

async function check(project) {
  const started = Date.now();
  const out = [];
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: root });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
  const text = Buffer.concat(out).toString().trim();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`typecheck ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (text) console.log(text);
  if (code !== 0) failed.push(project);
}

const queue = [...projects];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let p = queue.shift(); p; p = queue.shift()) await check(p);
  }),
);
if (failed.length) {
  console.error(`typecheck: errors in ${failed.join(', ')}`);
  process.exit(1);
}

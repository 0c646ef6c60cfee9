#!/usr/bin/env node
// `npm test`: every check in order, each step's time, and a one-line summary as the last line.
// A failing step fails the run; steps that need a failed step (the bundle budget and the browser
// journeys need the web build) are skipped, the independent ones still run so one report shows
// everything that is wrong.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @type {{ name: string, cmd: string[], needs?: string[] }[]} */
const steps = [
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'unit', cmd: ['npm', 'run', '--silent', 'test:unit'] },
  { name: 'api', cmd: ['npm', 'run', '--silent', 'test:api'] },
  // (the add-a-step proof, issue #23 and decision 028, is a test of the unit step: scripts/prove-add-a-step.test.ts)
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'bundle', cmd: ['node', 'scripts/check-bundle.mjs'], needs: ['build'] },
  { name: 'e2e', cmd: ['node', 'scripts/test-e2e.mjs'], needs: ['build'] },
];

const only = process.argv.slice(2);
const results = new Map();
let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    child?.kill(signal);
    process.exit(130);
  });
}

for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const blocked = (step.needs ?? []).filter((n) => results.has(n) && results.get(n).ok === false);
  if (blocked.length) {
    results.set(step.name, { ok: false, skipped: true, seconds: 0 });
    console.log(`\n── ${step.name}: skipped (${blocked.join(', ')} failed)`);
    continue;
  }
  console.log(`\n── ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    child = spawn(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: 'inherit' });
    child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
  const seconds = (Date.now() - started) / 1000;
  results.set(step.name, { ok: code === 0, seconds });
  console.log(
    `── ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`,
  );
}

const entries = [...results.entries()];
const failed = entries.filter(([, r]) => !r.ok);
const total = entries.reduce((s, [, r]) => s + r.seconds, 0);
const parts = entries.map(
  ([name, r]) =>
    `${name} ${r.skipped ? 'skipped' : r.ok ? 'ok' : 'FAILED'}${r.skipped ? '' : ` ${r.seconds.toFixed(0)}s`}`,
);
console.log('');
console.log(
  failed.length
    ? `npm test: FAILED (${failed.map(([n]) => n).join(', ')}) after ${total.toFixed(0)} s — ${parts.join(', ')}`
    : `npm test: all ${entries.length} steps passed in ${total.toFixed(0)} s — ${parts.join(', ')}`,
);
process.exit(failed.length ? 1 : 0);

// The operator commands run as compiled JavaScript under plain node, like the server (decision
// 027): `npm run build` writes apps/api/dist/staff.mjs and evidence.mjs (scripts/build-api.mjs),
// `npm run staff` and `npm run evidence` run them. Here they are compiled the same way into a
// folder of their own inside apps/api (where the bundles find the migrations, api-root.ts) and
// started with node and no loader: each must load every module it imports and print its usage.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, COMMANDS } from './build-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmpParent = path.join(root, 'apps/api/.tmp');

describe('the compiled operator commands', () => {
  let outdir: string;
  beforeAll(async () => {
    mkdirSync(tmpParent, { recursive: true });
    outdir = mkdtempSync(path.join(tmpParent, 'commands-'));
    await buildApi({
      entry: path.join(root, 'apps/api/src/server.ts'),
      outdir,
      name: 'server',
      more: COMMANDS,
    });
  }, 120_000);
  afterAll(() => {
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  const run = (file: string, args: string[]) =>
    spawnSync(process.execPath, [path.join(outdir, file), ...args], {
      cwd: root,
      // no TypeScript loader can come in through the environment either
      env: { ...process.env, NODE_OPTIONS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it.each([
    ['staff.mjs', ['list', '--help'], 'npm run staff -- <command> [options]'],
    ['evidence.mjs', ['verify', '--help'], 'npm run evidence -- <command> [options]'],
  ])('%s starts with plain node and prints its usage', (file, args, usage) => {
    const result = run(file, args);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(usage);
    expect(result.status).toBe(0);
  });

  it('an unknown command is refused with the usage (the command parses its arguments)', () => {
    const result = run('evidence.mjs', ['no-such-command']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown command no-such-command');
  });
});

#!/usr/bin/env node
// `npm run build` (with the web apps): the API compiled to plain JavaScript in apps/api/dist/,
// run by `npm run serve` with plain Node, no TypeScript loader (decision 023).
//   dist/server.mjs        apps/api/src/server.ts and everything it imports, @hk/domain included
//   dist/heavy-worker.mjs  the heavy-work pool's thread entry (heavy-tasks.ts), beside the server:
//                          heavy-pool.ts names it relative to its own module, i.e. the bundle
//   dist/staff.mjs, dist/evidence.mjs  the operator commands (apps/api/src/commands), run with plain
//                          node by `npm run staff` and `npm run evidence` (decision 027)
// Packages from node_modules stay imports (native ones like sharp cannot be bundled, and a bundle
// of them would only cost start time); the workspace package @hk/domain is TypeScript and is
// bundled. One bundle per entry, no shared chunks: a module's `import.meta.url` is its bundle's.
// Files read at run time (migrations, data/, the web builds) are found from the API package's
// folder (apps/api/src/lib/api-root.ts). `node scripts/build-api.mjs [entry.ts outdir]` compiles
// another entry the same way, without the commands.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');

/**
 * Bare imports stay imports, except the workspace's own TypeScript packages, and what a workspace
 * package has in a node_modules of its own (packages/domain's fast-xml-parser 5, where the root
 * has 3 for another package): from apps/api/dist, Node would find the root's copy.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@hk/')) return undefined;
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      const packageDir = args.importer.match(/^(.*\/packages\/[^/]+)\//)?.[1];
      if (packageDir && existsSync(path.join(packageDir, 'node_modules', name))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // keeps class and function names in stack traces and logs
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
};

/** The operator commands compiled beside the server (`npm run staff`, `npm run evidence`). */
export const COMMANDS = {
  staff: path.join(api, 'src/commands/staff.ts'),
  evidence: path.join(api, 'src/commands/evidence.ts'),
};

/**
 * Compiles `entry` to `<outdir>/<name>.mjs` (and each of `more`, name → entry, beside it) and the
 * heavy worker beside them. Each entry is a bundle of its own (no splitting, see above).
 */
export async function buildApi({ entry, outdir, name, more = {} }) {
  const started = Date.now();
  await Promise.all([
    build({
      ...common,
      entryPoints: { [name]: entry, ...more },
      outdir,
      outExtension: { '.js': '.mjs' },
    }),
    build({
      ...common,
      stdin: {
        contents: "export { runHeavyTask as default } from './heavy-tasks';",
        resolveDir: path.join(api, 'src/plugins/app/heavy'),
        sourcefile: 'heavy-worker-entry.ts',
        loader: 'ts',
      },
      outfile: path.join(outdir, 'heavy-worker.mjs'),
    }),
  ]);
  return Date.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [entryArg, outdirArg] = process.argv.slice(2);
  const entry = path.resolve(entryArg ?? path.join(api, 'src/server.ts'));
  const outdir = path.resolve(outdirArg ?? path.join(api, 'dist'));
  rmSync(outdir, { recursive: true, force: true });
  // the server's build carries the operator commands; another entry (the bench's) is built alone
  const more = entryArg ? {} : COMMANDS;
  const ms = await buildApi({ entry, outdir, name: path.basename(entry).replace(/\.ts$/, ''), more });
  console.log(`api: ${path.relative(root, entry)} → ${path.relative(root, outdir)}/ in ${ms} ms`);
}

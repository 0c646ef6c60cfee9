// @vitest-environment node
// issue #13 (bulletproof-react's import zones): a feature never imports another feature, and what
// features share (app/ aside, which wires them) never imports a feature. What two features need
// lives in step-kit/, components/ or lib/. A test rather than a Biome rule: Biome's restricted
// imports match specifiers as written, and a relative specifier names another feature at a depth
// that differs from file to file; this resolves every one.
//
// Issue #23 (decision 020): and arrows point down. app/ (the router, the lazy pages, the providers)
// and main.tsx sit on top; features, step-kit, components and lib never import them, not even a
// type or a lazy chunk: route paths, page flags and the step-screen table live in lib/. Read from
// dependency-cruiser's graph of the source (scripts/lib/import-graph.ts); tests aside, as they may
// drive a screen through the router.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Arrow,
  buildImportGraph,
  forbiddenArrows,
  type ImportGraph,
} from '../../../scripts/lib/import-graph';

const SRC = path.resolve(import.meta.dirname);
const FEATURES = path.join(SRC, 'features');
const SPECIFIER = /(?:from|import|vi\.mock|vi\.importActual)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** The feature a path is in, or null outside features/. */
function featureOf(file: string): string | null {
  const rel = path.relative(FEATURES, file);
  return rel.startsWith('..') ? null : (rel.split(path.sep)[0] ?? null);
}

/** Every `from → feature it imports` that crosses a boundary. */
function crossings(
  files: readonly string[],
  allowed: (from: string, to: string) => boolean,
  read: (file: string) => string = (file) => fs.readFileSync(file, 'utf8'),
): string[] {
  const out: string[] = [];
  for (const file of files) {
    const text = read(file);
    for (const m of text.matchAll(SPECIFIER)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      const to = featureOf(target);
      if (to === null) continue;
      const from = featureOf(file) ?? path.relative(SRC, file);
      if (!allowed(from, to)) out.push(`${path.relative(SRC, file)} imports ${m[1]}`);
    }
  }
  return out;
}

describe('feature boundaries', () => {
  it('no feature imports another feature', () => {
    const files = sourceFiles(FEATURES);
    expect(files.length).toBeGreaterThan(50);
    expect(crossings(files, (from, to) => from === to)).toEqual([]);
  });

  it('shared code (step-kit, components, lib) imports no feature', () => {
    // a shared module's own test may drive it through a feature's call (lib/shell-calls.test.ts)
    const shared = ['step-kit', 'components', 'lib']
      .flatMap((d) => sourceFiles(path.join(SRC, d)))
      .filter((f) => !/\.test\.tsx?$/.test(f));
    expect(shared.length).toBeGreaterThan(20);
    expect(crossings(shared, () => false)).toEqual([]);
  });

  it('finds a crossing when there is one (the check itself can fail)', () => {
    const probe = path.join(FEATURES, 'address', 'probe.ts');
    const text = "import { x } from '../bank/components/bank-page';\nimport { y } from './lib/own';\n";
    expect(
      crossings(
        [probe],
        (from, to) => from === to,
        () => text,
      ),
    ).toEqual(['features/address/probe.ts imports ../bank/components/bank-page']);
  });
});

/**
 * How high a file of `src/` sits: the entries (main.tsx, and prerender.tsx, the build's render of
 * /login, decision 029), then app/, then everything else (features and shared code).
 */
function layerOf(file: string, src: string): number {
  const rel = path.posix.relative(src, file);
  if (rel === 'main.tsx' || rel === 'prerender.tsx') return 0;
  return rel.startsWith('app/') ? 1 : 2;
}

/** An arrow from a lower layer to a higher one (a test file aside). */
function runsUp(src: string) {
  return (arrow: Arrow) =>
    !/\.test\.tsx?$/.test(arrow.from) && layerOf(arrow.to, src) < layerOf(arrow.from, src);
}

describe('layers: arrows point down', () => {
  const ROOT = path.resolve(SRC, '../../..');
  const src = path.relative(ROOT, SRC).split(path.sep).join('/');

  let graph: ImportGraph;
  // parsing ~250 files takes 10-30 s on a loaded 2-core machine
  beforeAll(async () => {
    graph = await buildImportGraph([src], ROOT, { includeTests: true });
  }, 120_000);

  it('no feature, step-kit, components or lib file imports app/ or main.tsx', () => {
    expect(graph.size).toBeGreaterThan(200);
    // the router's lazy pages are arrows down into the features: they are in the graph (the step
    // pages, found by app/step-pages.ts's import.meta.glob, are not: arrows down from app/, which
    // this test allows; decision 031)
    expect(graph.get(`${src}/app/router.tsx`)?.some((a) => a.isDynamic && a.to.includes('/features/'))).toBe(
      true,
    );
    expect(forbiddenArrows(graph, runsUp(src))).toEqual([]);
  });

  describe('the check itself (a planted fixture)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-layers-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'src/main.tsx': "import { routes } from './app/router';\nexport default routes;\n",
      'src/app/router.ts':
        "import { paths } from '../lib/paths';\nexport const routes = [paths, () => import('../features/x/page')];\n",
      'src/app/flags.ts': 'export const flags = 1;\n',
      'src/lib/paths.ts': "export const paths = '/';\nexport const up = () => import('../app/flags');\n",
      'src/features/x/page.tsx':
        "import type { routes } from '../../app/router';\nexport default function Page(r: typeof routes) { return r; }\n",
      'src/step-kit/kit.ts': "import { flags } from '../app/flags';\nexport const kit = flags;\n",
      'src/components/ui.ts': "export { flags } from '../app/flags';\n",
      'src/features/x/page.test.tsx': "import { flags } from '../../app/flags';\nexport const t = flags;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }

    it('names each upward import (type-only, lazy and re-export too), not the downward ones or a test', async () => {
      const graph = await buildImportGraph(['src'], dir, { includeTests: true });
      expect(forbiddenArrows(graph, runsUp('src'))).toEqual([
        'src/components/ui.ts → ../app/flags',
        'src/features/x/page.tsx → ../../app/router (type only)',
        'src/lib/paths.ts → ../app/flags (lazy)',
        'src/step-kit/kit.ts → ../app/flags',
      ]);
    }, 60_000);
  });
});

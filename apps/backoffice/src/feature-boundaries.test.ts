// @vitest-environment node
// Issue #23 (decisions 020, 028; the web app's rule, decision 016): a feature of the console never
// imports another feature, shared code (components/, lib/) imports no feature, and nothing below app/
// (features, components, lib) imports app/: the arrows point down. What two features need lives in
// lib/ (the API client, the Hong Kong time formatter, the route table, the session) or components/;
// app/ (the router, the shell, the providers) wires the features and may import them. No feature is a public surface
// of another: the one thing they shared (formatHkTime, in features/review/format.ts) moved down to
// lib/hk-time.ts. Read from dependency-cruiser's graph (scripts/lib/import-graph.ts): imports,
// re-exports, lazy imports and type-only imports alike; a feature's own tests are held to it too.
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
const ROOT = path.resolve(SRC, '../../..');

/** The feature a file of `src` is in, or null outside features/. */
function featureOf(file: string, src: string): string | null {
  const rel = path.posix.relative(src, file);
  return rel.startsWith('features/') ? (rel.split('/')[1] ?? null) : null;
}

/** An arrow from one feature into another. */
const crossesFeatures = (src: string) => (arrow: Arrow) => {
  const from = featureOf(arrow.from, src);
  const to = featureOf(arrow.to, src);
  return from !== null && to !== null && from !== to;
};

/** An arrow from shared code (components/, lib/; tests aside) into a feature. */
const sharedIntoFeature = (src: string) => (arrow: Arrow) => {
  const rel = path.posix.relative(src, arrow.from);
  return /^(components|lib)\//.test(rel) && !/\.test\.tsx?$/.test(rel) && featureOf(arrow.to, src) !== null;
};

/** An arrow up into app/ from below it (features, components, lib; tests aside: they drive app/). */
const upIntoApp = (src: string) => (arrow: Arrow) => {
  const from = path.posix.relative(src, arrow.from);
  return (
    /^(features|components|lib)\//.test(from) &&
    !/\.test\.tsx?$/.test(from) &&
    path.posix.relative(src, arrow.to).startsWith('app/')
  );
};

describe('console feature boundaries', () => {
  const src = path.relative(ROOT, SRC).split(path.sep).join('/');
  let graph: ImportGraph;
  beforeAll(async () => {
    graph = await buildImportGraph([src], ROOT, { includeTests: true });
  }, 120_000);

  it('no feature imports another feature', () => {
    const g = graph;
    expect([...g.keys()].filter((f) => featureOf(f, src) !== null).length).toBeGreaterThan(40);
    expect(forbiddenArrows(g, crossesFeatures(src))).toEqual([]);
  });

  it('shared code (components, lib) imports no feature', () => {
    const g = graph;
    expect([...g.keys()].filter((f) => /\/(components|lib)\//.test(f)).length).toBeGreaterThan(8);
    expect(forbiddenArrows(g, sharedIntoFeature(src))).toEqual([]);
  });

  it('nothing below app/ (features, components, lib) imports app/', () => {
    expect([...graph.keys()].filter((f) => f.startsWith(`${src}/app/`)).length).toBeGreaterThan(3);
    expect(forbiddenArrows(graph, upIntoApp(src))).toEqual([]);
  });

  describe('the check itself (a planted fixture)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-features-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'src/app/router.tsx': "export const pages = [() => import('../features/review/case-page')];\n",
      'src/lib/hk-time.ts': 'export const formatHkTime = (iso: string) => iso;\n',
      'src/features/review/format.ts': 'export const formatHkTime = (iso: string) => iso;\n',
      'src/features/review/case-page.tsx':
        "import { formatHkTime } from './format';\nimport { formatHkTime as f } from '../../lib/hk-time';\nexport default [formatHkTime, f];\n",
      'src/features/audit/audit-page.tsx':
        "import { formatHkTime } from '../review/format';\nexport default formatHkTime;\n",
      'src/features/staff/components/staff-page.tsx':
        "import type { formatHkTime } from '../../review/format';\nexport type F = typeof formatHkTime;\n",
      'src/features/staff/staff.test.tsx': "export const load = () => import('../review/case-page');\n",
      'src/components/title.tsx': "export { formatHkTime } from '../features/review/format';\n",
      'src/lib/helper.test.ts':
        "import { formatHkTime } from '../features/review/format';\nexport { formatHkTime };\n",
      'src/app/routes.ts': 'export const ROUTES = {};\n',
      'src/app/shell.tsx': "import { ROUTES } from './routes';\nexport default ROUTES;\n",
      'src/features/home/home-page.tsx':
        "import { ROUTES } from '../../app/routes';\nexport default ROUTES;\n",
      'src/features/home/home.test.tsx': "import { ROUTES } from '../../app/routes';\nexport { ROUTES };\n",
      'src/components/menu.tsx':
        "import type { ROUTES } from '../app/routes';\nexport type R = typeof ROUTES;\n",
      'src/lib/session.tsx': "export const load = () => import('../app/shell');\n",
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }

    it('names each crossing (a feature, its tests, shared code) and nothing else', async () => {
      const g = await buildImportGraph(['src'], dir, { includeTests: true });
      expect(forbiddenArrows(g, crossesFeatures('src'))).toEqual([
        'src/features/audit/audit-page.tsx → ../review/format',
        'src/features/staff/components/staff-page.tsx → ../../review/format (type only)',
        'src/features/staff/staff.test.tsx → ../review/case-page (lazy)',
      ]);
      expect(forbiddenArrows(g, sharedIntoFeature('src'))).toEqual([
        'src/components/title.tsx → ../features/review/format',
      ]);
      expect(forbiddenArrows(g, upIntoApp('src'))).toEqual([
        'src/components/menu.tsx → ../app/routes (type only)',
        'src/features/home/home-page.tsx → ../../app/routes',
        'src/lib/session.tsx → ../app/shell (lazy)',
      ]);
    }, 60_000);
  });
});

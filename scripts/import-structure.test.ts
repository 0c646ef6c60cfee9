// Issue #23, decision 020: no import circle in the non-test source of the domain package and the
// three apps. The graph is dependency-cruiser's (scripts/lib/import-graph.ts). What counts: every
// import, re-export and lazy `import()`, and type-only imports too: a circle made only of types
// still ties its files together for the reader and the next change, and breaking it costs one small
// module for the shared type (the console's ActionOutcome). Test files are left out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildImportGraph, findCircles } from './lib/import-graph';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_ROOTS = ['packages/domain/src', 'apps/api/src', 'apps/web/src', 'apps/backoffice/src'];

/**
 * TEMPORARY: circles that other work of issue #23 removes; delete each entry when that work is
 * merged (the last test below then fails until it is deleted, so the list cannot go stale). A circle
 * is let through only while every one of its files matches the entry: a file that joins it fails.
 */
// Circles allowed for a while, each named (empty: issue #23 removed the last two, the domain's step
// forms and the API's content cache). An entry passes its circle only while every file matches.
const KNOWN_CIRCLES: readonly { name: string; members: RegExp }[] = [];

function knownAs(circle: readonly string[]): string | undefined {
  return KNOWN_CIRCLES.find((k) => circle.every((file) => k.members.test(file)))?.name;
}

const describeCircle = (circle: readonly string[]) => `${circle.length} files: ${circle.join(' ↔ ')}`;

describe('import circles', () => {
  const graph = buildImportGraph(SOURCE_ROOTS, ROOT);

  it('reads every source root', async () => {
    const files = [...(await graph).keys()];
    for (const root of SOURCE_ROOTS)
      expect(files.filter((f) => f.startsWith(`${root}/`)).length, root).toBeGreaterThan(20);
    expect(files.some((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx'))).toBe(false);
  });

  it('finds none in the non-test source of the domain and the three apps', async () => {
    const circles = findCircles(await graph);
    expect(circles.filter((c) => !knownAs(c)).map(describeCircle)).toEqual([]);
  });

  it('keeps the temporary list of known circles honest: each entry still matches a circle', async () => {
    const circles = findCircles(await graph);
    const matched = new Set(circles.map(knownAs));
    // a failure here means the circle is gone: delete its entry from KNOWN_CIRCLES
    expect(KNOWN_CIRCLES.map((k) => k.name).filter((name) => !matched.has(name))).toEqual([]);
  });
});

describe('the circle check itself (a planted fixture)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circles-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  it('finds a circle of plain imports, one of a type-only import and one of a lazy import', async () => {
    write('src/a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    write('src/b.ts', "import { c } from './deep/c';\nexport const b = c;\n");
    write('src/deep/c.ts', "import { a } from '../a';\nexport const c = () => a;\n");
    write('src/page.tsx', "import type { Table } from './table';\nexport const page = (t: Table) => t;\n");
    write(
      'src/table.ts',
      "export type Table = { page: unknown };\nexport const load = () => import('./page');\n",
    );
    write('src/leaf.ts', "import { a } from './a';\nexport const leaf = a;\n");
    write(
      'src/leaf.test.ts',
      "import { leaf } from './leaf';\nimport { a } from './a';\nexport { a, leaf };\n",
    );
    const circles = findCircles(await buildImportGraph(['src'], dir));
    expect(circles).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/deep/c.ts'],
      ['src/page.tsx', 'src/table.ts'],
    ]);
    expect(circles.map(knownAs)).toEqual([undefined, undefined]);
  });
});

/// <reference types="node" />
// No import circle inside the domain package (issue #23): the step forms' table imported each
// step's form.ts, which imported the table back for its type (12 files in one circle). The graph is
// drawn from the modules' own relative imports (type-only ones too), tests aside.

// biome-ignore lint/style/noRestrictedImports: the test reads the package's own source files
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Each module's relative imports, resolved to files of `files`. */
function importGraph(files: Record<string, string>): Map<string, string[]> {
  const resolve = (from: string, spec: string) => {
    const base = path.join(path.dirname(from), spec);
    return [`${base}.ts`, path.join(base, 'index.ts'), base].find((c) => c in files);
  };
  return new Map(
    Object.entries(files).map(([file, code]) => [
      file,
      [...code.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)]
        .map((m) => resolve(file, m[1]!))
        .filter((f): f is string => f !== undefined),
    ]),
  );
}

/** The graph's circles (strongly connected groups of more than one module, or a module importing itself). */
function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.includes(v)) circles.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe('the domain package', () => {
  it('has no import circle', () => {
    const files = Object.fromEntries(
      sourceFiles(SRC).map((f) => [path.relative(SRC, f), readFileSync(f, 'utf8')] as const),
    );
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(importCircles(importGraph(files))).toEqual([]);
  });

  it('finds a planted circle (a form importing the table of forms back)', () => {
    const files = {
      'flow/step-forms.ts': "import { financialForm } from '../steps/financial/form';",
      'steps/financial/form.ts': "import type { StepForm } from '../../flow/step-forms';",
      'steps/step-form.ts': '',
    };
    expect(importCircles(importGraph(files))).toEqual([['flow/step-forms.ts', 'steps/financial/form.ts']]);
  });
});

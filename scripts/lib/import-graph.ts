// The import structure drawn from the code's own imports (issue #23, decision 020): the graph is
// built by dependency-cruiser (17.x, the last line that runs on Node 20), which parses each file
// with the TypeScript compiler and resolves every specifier as the bundler does; this module only
// reads the graph: its circles (Tarjan's strongly connected components) and the arrows that cross a
// boundary. Used by scripts/import-structure.test.ts (circles, repo-wide) and by the apps'
// feature-boundaries tests (layers and features).
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

/** One import: `from` imports `to` (paths relative to the base directory, with `/`). */
export interface Arrow {
  from: string;
  to: string;
  /** The specifier as written. */
  specifier: string;
  /** `import type` / `export type` only: gone after compilation, still an arrow for us. */
  isTypeOnly: boolean;
  /** `import()`: a lazily loaded chunk, still an arrow for us. */
  isDynamic: boolean;
}

export type ImportGraph = ReadonlyMap<string, readonly Arrow[]>;

/** Test files are not the structure: a test may import from any layer it drives. */
const TEST_FILE = /\.test\.tsx?$/;

const TYPE_ONLY_KINDS = new Set(['type-only', 'type-import', 'pre-compilation-only']);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The import graph of the non-test source under `roots` (directories relative to `baseDir`): every
 * module under them and every arrow between two of them. Type-only imports, re-exports and dynamic
 * imports are arrows too; packages (node_modules) and files outside the roots are left out.
 */
export async function buildImportGraph(
  roots: readonly string[],
  baseDir: string,
  options: { includeTests?: boolean } = {},
): Promise<ImportGraph> {
  const inside = roots.map((r) => `^${escapeRegExp(r.replace(/\/$/, ''))}/`);
  const result = await cruise(
    [...roots],
    {
      baseDir,
      // type-only imports are in the graph (decision 020: they count as arrows and in circles)
      tsPreCompilationDeps: true,
      includeOnly: inside,
      exclude: { path: options.includeTests ? [] : [TEST_FILE.source] },
      doNotFollow: { path: ['node_modules'] },
    },
    // the bundler's resolution (tsconfig.base.json: moduleResolution "Bundler", no path aliases)
    { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json'] },
  );
  const output = result.output;
  if (typeof output === 'string') throw new Error('dependency-cruiser returned text, not a result');
  const graph = new Map<string, Arrow[]>();
  for (const module of output.modules) {
    const from = module.source.split(path.sep).join('/');
    const arrows: Arrow[] = [];
    for (const dep of module.dependencies) {
      if (dep.coreModule || dep.couldNotResolve) continue;
      arrows.push({
        from,
        to: dep.resolved.split(path.sep).join('/'),
        specifier: dep.module,
        isTypeOnly: dep.dependencyTypes.some((t) => TYPE_ONLY_KINDS.has(t)),
        isDynamic: dep.dynamic || dep.dependencyTypes.includes('dynamic-import'),
      });
    }
    graph.set(from, arrows);
  }
  return graph;
}

/**
 * Every import circle: the strongly connected components of more than one module (or a module that
 * imports itself), each as its sorted module list, the list sorted by first module.
 */
export function findCircles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const targets = (v: string) => (graph.get(v) ?? []).map((a) => a.to).filter((t) => graph.has(t));

  // iterative Tarjan: a deep chain of imports must not overflow the call stack
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { v: string; i: number }[] = [{ v: root, i: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = targets(frame.v);
      if (frame.i < edges.length) {
        const w = edges[frame.i++]!;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.v, Math.min(low.get(frame.v)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.v, Math.min(low.get(parent.v)!, low.get(frame.v)!));
      if (low.get(frame.v) === index.get(frame.v)) {
        const members: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          members.push(w);
        } while (w !== frame.v);
        if (members.length > 1 || edges.includes(frame.v)) circles.push(members.sort());
      }
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The arrows of the graph that a rule forbids, as "from → specifier (to)" lines, sorted. */
export function forbiddenArrows(graph: ImportGraph, isForbidden: (arrow: Arrow) => boolean): string[] {
  const out: string[] = [];
  for (const arrows of graph.values())
    for (const arrow of arrows)
      if (isForbidden(arrow))
        out.push(
          `${arrow.from} → ${arrow.specifier}${arrow.isTypeOnly ? ' (type only)' : ''}${arrow.isDynamic ? ' (lazy)' : ''}`,
        );
  return out.sort();
}

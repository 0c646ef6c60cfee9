// issue #13 (bulletproof-react's import zones): a feature never imports another feature, and what
// features share (app/ aside, which wires them) never imports a feature. What two features need
// lives in step-kit/, components/ or lib/. A test rather than a Biome rule: Biome's restricted
// imports match specifiers as written, and a relative specifier names another feature at a depth
// that differs from file to file; this resolves every one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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

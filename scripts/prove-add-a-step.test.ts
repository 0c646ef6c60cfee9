// Issue #23, decisions 028 and 031: the add-a-step proof in CI. A throwaway step is added in a
// temporary copy (scripts/prove-add-a-step.ts); the type checker must name exactly the tables, one
// test run the missing texts, page and API page, and the files touched must be
// docs/adding-a-step.md's list: 8 in all besides the locale files, nothing generated. About 45-60 s
// of CPU: two in-process type checks of the domain and the web app, two short vitest runs in the copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  check,
  GUIDE_FILES,
  NAMED_BY_TESTS,
  PER_STEP_TABLE_FILES,
  type ProofResult,
  perStepTables,
  runAddAStep,
  TABLES_NAMED,
  TARGET_FILE_COUNT,
} from './prove-add-a-step';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOCALES = ['zh-CN', 'zh-HK', 'en'].flatMap((l) => [
  `apps/web/src/locales/${l}/source_of_wealth.json`,
  `apps/web/src/locales/${l}/common.json`,
  `packages/domain/src/flow/locales/${l}.json`,
]);

describe('adding a step (docs/adding-a-step.md)', () => {
  it('takes the files the guide lists, each named by the type checker or by a test', {
    timeout: 900_000,
  }, () => {
    const result = runAddAStep((line) => console.log(`add-a-step: ${line}`));
    expect(check(result)).toEqual([]);
    expect(result.written.length).toBeLessThanOrEqual(TARGET_FILE_COUNT);
  });

  it("lists in the guide's count exactly the files the proof writes, no more than issue #23's 8", () => {
    expect(GUIDE_FILES.length).toBeLessThanOrEqual(TARGET_FILE_COUNT);
    const guide = fs.readFileSync(path.join(ROOT, 'docs/adding-a-step.md'), 'utf8');
    expect(guideCount(guide)).toEqual({
      count: GUIDE_FILES.length,
      files: GUIDE_FILES.map((f) => f.replaceAll('source-of-wealth', '<step>')).sort(),
    });
  });

  it('keeps every table keyed by all step ids in the files the proof fills', () => {
    expect(perStepTables(ROOT)).toEqual(PER_STEP_TABLE_FILES);
  });
});

/**
 * The guide's count: the number in "**N files plus its locale files**" and the files of the
 * numbered list under "## The count" (one per line: `1. \`path\` …`).
 */
function guideCount(guide: string) {
  const section = guide.slice(guide.indexOf('## The count'));
  const count = Number(/\*\*(\d+) files plus its locale files\*\*/.exec(section)?.[1]);
  const files = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]!).sort();
  return { count, files };
}

describe('the proof itself fails', () => {
  const passing = (): ProofResult => ({
    named: new Map(TABLES_NAMED.map((f) => [f, ["Property 'source_of_wealth' is missing"]])),
    left: new Map(),
    withoutTexts: { ok: false, out: `missing ${NAMED_BY_TESTS.join(', ')}` },
    withTexts: { ok: true, out: '' },
    written: [...GUIDE_FILES],
    locales: LOCALES,
    seconds: {},
  });

  it('passes what the guide says', () => expect(check(passing())).toEqual([]));

  it("and the guide's count is read from its list", () => {
    const guide = [
      'A step is **2 files plus its locale files**.',
      '## The count',
      'A step is **2 files plus its locale files**:',
      '1. `a/<step>.ts` (the type checker)',
      '2. `b/<step>.md` (a test)',
      '- `c.ts` is not in the count',
    ].join('\n');
    expect(guideCount(guide)).toEqual({ count: 2, files: ['a/<step>.ts', 'b/<step>.md'] });
  });

  it.each<[string, (r: ProofResult) => void]>([
    ['a table the type checker does not name', (r) => r.named.delete(TABLES_NAMED[0]!)],
    ['a file named for another reason', (r) => r.named.set('apps/web/src/x.ts', ["Cannot find name 'y'"])],
    ['type errors left once the step is written', (r) => r.left.set('apps/web/src/x.ts', ['z'])],
    ['a catalogue test that does not name the title', (r) => (r.withoutTexts = { ok: false, out: '' })],
    [
      'a missing page that no test names',
      (r) => (r.withoutTexts = { ok: false, out: 'missing source_of_wealth:step_title' }),
    ],
    ['a failing test with the texts', (r) => (r.withTexts = { ok: false, out: 'x' })],
    ['one more file (a hand-written list of steps)', (r) => r.written.push('e2e/support/flow.ts')],
    ['a generated file', (r) => r.written.push('apps/api/src/lib/catalogue-texts.json')],
  ])('on %s', (_, spoil) => {
    const r = passing();
    spoil(r);
    expect(check(r)).not.toEqual([]);
  });

  describe('and the table scan finds a planted table', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'per-step-tables-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    it('in a test file of the API', () => {
      for (const d of [
        'packages/domain/src',
        'apps/api/src',
        'apps/api/test',
        'apps/web/src',
        'apps/backoffice/src',
        'e2e',
      ])
        fs.mkdirSync(path.join(dir, d), { recursive: true });
      fs.writeFileSync(path.join(dir, 'apps/api/test/a.test.ts'), 'const x: Record<StepId, number> = {};\n');
      fs.writeFileSync(
        path.join(dir, 'apps/api/test/b.test.ts'),
        'const y: Partial<Record<StepId, number>> = {};\n',
      );
      expect(perStepTables(dir)).toEqual(['apps/api/test/a.test.ts']);
    });
  });
});

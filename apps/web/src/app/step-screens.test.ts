import { describe, expect, it } from 'vitest';
import { ALL_STEP_SCREENS as SCREENS } from '../lib/step-screens';
import { ALL_STEP_SCREENS, PAGE_FILES, STEP_PAGE_FILES } from './step-screens';

const inSrc = (file: string) => `apps/web/src/${file.replace(/^\.\.\//, '')}`;

describe('the step screens’ pages (found by their files’ names, decision 031)', () => {
  it('finds a page for every screen of every step: a missing one is named with the file to write', () => {
    const found = new Set(PAGE_FILES);
    const missing = STEP_PAGE_FILES.filter((s) => !found.has(s.file)).map(
      (s) => `${s.path}: write its page, ${inSrc(s.file)}`,
    );
    expect(missing).toEqual([]);
    expect(ALL_STEP_SCREENS.map((s) => s.path)).toEqual(SCREENS.map((s) => s.path));
  });

  it('finds no page that is no step screen’s', () => {
    const wanted = new Set(STEP_PAGE_FILES.map((s) => s.file));
    expect(PAGE_FILES.filter((f) => !wanted.has(f)).map(inSrc)).toEqual([]);
  });
});

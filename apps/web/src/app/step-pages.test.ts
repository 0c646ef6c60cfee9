import { describe, expect, it } from 'vitest';
import { ALL_STEP_SCREENS as SCREENS, STEP_SCREENS, type StepScreens } from '../lib/step-screens';
import { STEP_PAGES } from './step-pages';

const routed = new Set(Object.keys(STEP_PAGES));

describe('the step screens’ pages (found by their files’ names, decision 031)', () => {
  it('finds a page for every screen of every step: a missing one is named with the file to write', () => {
    const missing = Object.entries(STEP_SCREENS as Readonly<Record<string, StepScreens>>).flatMap(
      ([step, first]) =>
        [first, ...Object.values(first.more ?? {})]
          .filter((s) => !routed.has(s.path))
          .map((s) => {
            const name = step.replaceAll('_', '-');
            return `${s.path}: write its page, apps/web/src/features/${name}/components/${name}-page.tsx`;
          }),
    );
    expect(missing).toEqual([]);
  });

  it('finds no page at an address that is no step screen’s, and one page per screen', () => {
    const screens = new Set(SCREENS.map((s) => s.path));
    expect([...routed].filter((p) => !screens.has(p))).toEqual([]);
    expect(routed.size).toBe(SCREENS.length);
  });
});

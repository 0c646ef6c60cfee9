import fs from 'node:fs';
import path from 'node:path';
import { STEP_IDS } from '@hk/domain';
import { catalogueOf } from '@hk/domain/steps/catalogues';
import { describe, expect, it } from 'vitest';
import { routeByPath } from './routes';
import { ALL_STEP_SCREENS, STEP_SCREENS } from './step-screens';

const LOCALES = path.resolve(import.meta.dirname, '../locales');
const LANGS = ['zh-CN', 'zh-HK', 'en'];

describe('the step screens table', () => {
  it("names each step's namespace as its field catalogue does, with a file in every language", () => {
    for (const step of STEP_IDS) {
      const { namespace } = STEP_SCREENS[step];
      expect(namespace, step).toBe(catalogueOf(step).namespace);
      for (const lang of LANGS)
        expect(fs.existsSync(path.join(LOCALES, lang, `${namespace}.json`))).toBe(true);
    }
  });

  // the titles' texts in every language: locales.test.ts (APP_ROUTES)
  it('gives every screen its own address, found with its title by that address', () => {
    const paths = ALL_STEP_SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/userinfo/id/details');
    for (const screen of ALL_STEP_SCREENS) {
      expect(routeByPath(`${screen.path}/`)).toEqual({
        path: screen.path,
        titleKey: screen.titleKey,
        auth: true,
      });
    }
  });
});

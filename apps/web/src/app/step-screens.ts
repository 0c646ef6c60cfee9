import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithQuery as lazy } from '../lib/lazy-with-query';
import { STEP_SCREENS, type StepScreens } from '../lib/step-screens';

/** A screen's page: a chunk of its own (decision 008), loaded with the query client (decision 015). */
type LazyPage = LazyExoticComponent<ComponentType>;

// The page of every step screen (issue #23, decision 031): found by its file's name, as its address
// and its texts are found by the step's id (lib/step-screens.ts), so a new step's page is a file and
// no line here. `app/` alone knows the pages (decision 016: app/ wires the features together); the
// glob makes one lazy chunk per page, as the written `import()`s did. The pages of the other
// screens (the login, the account, the deposit, the returned and status pages, the ID step's
// progress page) are the router's and are left out. A step screen without its page fails
// app/step-screens.test.ts, naming the file to write.
const PAGES = import.meta.glob<{ default: ComponentType }>([
  '../features/*/components/*-page.tsx',
  '!../features/{account,auth,deposit,returned,status-page}/**',
  '!../features/id-step/components/progress-page.tsx',
]);

/** The ID step's screens keep their pages' names: `features/id-step/components/<name>-page.tsx`. */
const ID_STEP_PAGES: Readonly<Record<string, string>> = {
  '/userinfo/id': 'id-location',
  '/userinfo/id/photos': 'id-photos',
  '/userinfo/id/details': 'id-details',
};

/** Every step screen with its page's file (`features/<step id, kebab-case>/components/<same>-page.tsx`). */
export const STEP_PAGE_FILES: readonly { path: string; file: string }[] = Object.entries(
  STEP_SCREENS as Readonly<Record<string, StepScreens>>,
).flatMap(([step, first]) =>
  [first, ...Object.values(first.more ?? {})].map(({ path }) => {
    const name = step.replaceAll('_', '-');
    const id = ID_STEP_PAGES[path];
    return {
      path,
      file: id
        ? `../features/id-step/components/${id}-page.tsx`
        : `../features/${name}/components/${name}-page.tsx`,
    };
  }),
);

/** The files the glob found. */
export const PAGE_FILES: readonly string[] = Object.keys(PAGES);

/** Every screen of every step with its page: the router's step routes. */
export const ALL_STEP_SCREENS: readonly { path: string; page: LazyPage }[] = STEP_PAGE_FILES.flatMap(
  ({ path, file }) => {
    const load = PAGES[file];
    return load ? [{ path, page: lazy(load) }] : [];
  },
);

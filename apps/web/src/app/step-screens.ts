import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithQuery as lazy } from '../lib/lazy-with-query';
import { ALL_STEP_SCREENS as SCREENS } from '../lib/step-screens';

/** A screen's page: a chunk of its own (decision 008), loaded with the query client (decision 015). */
type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * Every screen of every step with its page: the router's step routes. The pages are found by their
 * files' names in ./step-pages.ts (decision 031), a chunk loaded with the first step screen.
 */
export const ALL_STEP_SCREENS: readonly { path: string; page: LazyPage }[] = SCREENS.map(({ path }) => ({
  path,
  page: lazy(() => import('./step-pages').then((m) => m.STEP_PAGES[path]!())),
}));

import type { StepId } from '@hk/domain';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithQuery as lazy } from '../lib/lazy-with-query';
import { STEP_SCREENS } from '../lib/step-screens';

/** A screen's page: a chunk of its own (decision 008), loaded with the query client (decision 015). */
type LazyPage = LazyExoticComponent<ComponentType>;

/** A step's pages: its first screen's, and one for each of the table's `more` screens, by name. */
type PagesOf<S> = S extends { more: infer More }
  ? { page: LazyPage; more: Record<keyof More, LazyPage> }
  : { page: LazyPage };

// The page of every step screen (issue #23): the only place that names every feature's page, so it
// stays in app/ (decision 016: app/ wires the features together). Everything else about a screen
// (address, title, namespace) is the data-only table lib/step-screens.ts, which the pages read. A
// step missing here, or a screen of the table without its page, fails the type check.
export const STEP_PAGES = {
  identity: {
    page: lazy(() => import('../features/id-step/components/id-location-page')),
    more: {
      photos: lazy(() => import('../features/id-step/components/id-photos-page')),
      details: lazy(() => import('../features/id-step/components/id-details-page')),
    },
  },
  address: { page: lazy(() => import('../features/address/components/address-page')) },
  account_type: { page: lazy(() => import('../features/account-type/components/account-type-page')) },
  personal: { page: lazy(() => import('../features/personal/components/personal-page')) },
  employment: { page: lazy(() => import('../features/employment/components/employment-page')) },
  financial: { page: lazy(() => import('../features/financial/components/financial-page')) },
  tax: { page: lazy(() => import('../features/tax/components/tax-page')) },
  declarations: { page: lazy(() => import('../features/declarations/components/declarations-page')) },
  investment: { page: lazy(() => import('../features/investment/components/investment-page')) },
  risk_disclosure: {
    page: lazy(() => import('../features/risk-disclosure/components/risk-disclosure-page')),
  },
  identity_media: {
    page: lazy(() => import('../features/identity-media/components/identity-media-page')),
  },
  bank: { page: lazy(() => import('../features/bank/components/bank-page')) },
  signature: { page: lazy(() => import('../features/signature/components/signature-page')) },
  review: { page: lazy(() => import('../features/review/components/review-page')) },
} satisfies { [S in StepId]: PagesOf<(typeof STEP_SCREENS)[S]> };

/** Every screen of every step with its page: the router's step routes. */
export const ALL_STEP_SCREENS: readonly { path: string; page: LazyPage }[] = Object.entries(
  STEP_SCREENS,
).flatMap(([step, screen]) => {
  const pages: { page: LazyPage; more?: Record<string, LazyPage> } = STEP_PAGES[step as StepId];
  const more: Readonly<Record<string, { path: string }>> = 'more' in screen ? screen.more : {};
  return [
    { path: screen.path, page: pages.page },
    ...Object.entries(more).map(([name, { path }]) => ({ path, page: pages.more![name]! })),
  ];
});

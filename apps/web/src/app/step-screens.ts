import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithQuery as lazy } from '../lib/lazy-with-query';
import type { StepScreenPath } from '../lib/step-screens';

/** A screen's page: a chunk of its own (decision 008), loaded with the query client (decision 015). */
type LazyPage = LazyExoticComponent<ComponentType>;

// The page of every step screen, by its address (issue #23): the only place that names every
// feature's page, so it stays in app/ (decision 016: app/ wires the features together). Everything
// else about a screen (title, namespace, which step it belongs to) is the data-only table
// lib/step-screens.ts, which the pages read. A screen of the table without its page here, or an
// address the table does not have, fails the type check (naming the address). Keyed by address
// rather than by step so that the router's list below is one map: /login's first load carries this
// file, and a join by step and screen name cost 84 bytes gzipped over its 140 KB budget.
export const STEP_PAGES = {
  '/userinfo/id': lazy(() => import('../features/id-step/components/id-location-page')),
  '/userinfo/id/photos': lazy(() => import('../features/id-step/components/id-photos-page')),
  '/userinfo/id/details': lazy(() => import('../features/id-step/components/id-details-page')),
  '/userinfo/address': lazy(() => import('../features/address/components/address-page')),
  '/userinfo/account-type': lazy(() => import('../features/account-type/components/account-type-page')),
  '/userinfo/personal': lazy(() => import('../features/personal/components/personal-page')),
  '/userinfo/employment': lazy(() => import('../features/employment/components/employment-page')),
  '/userinfo/financial': lazy(() => import('../features/financial/components/financial-page')),
  '/userinfo/tax': lazy(() => import('../features/tax/components/tax-page')),
  '/userinfo/declarations': lazy(() => import('../features/declarations/components/declarations-page')),
  '/userinfo/investment': lazy(() => import('../features/investment/components/investment-page')),
  '/userinfo/risk-disclosure': lazy(
    () => import('../features/risk-disclosure/components/risk-disclosure-page'),
  ),
  '/userinfo/identity-photos': lazy(
    () => import('../features/identity-media/components/identity-media-page'),
  ),
  '/userinfo/bank': lazy(() => import('../features/bank/components/bank-page')),
  '/userinfo/signature': lazy(() => import('../features/signature/components/signature-page')),
  '/userinfo/review': lazy(() => import('../features/review/components/review-page')),
} satisfies Record<StepScreenPath, LazyPage>;

/** Every screen of every step with its page: the router's step routes. */
export const ALL_STEP_SCREENS: readonly { path: string; page: LazyPage }[] = Object.entries(STEP_PAGES).map(
  ([path, page]) => ({ path, page }),
);

import type { StepId } from '@hk/domain';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithQuery as lazy } from './lazy-with-query';

/** One screen of a step. */
export interface StepScreen {
  /** Its address (spec §2, docs/flow-routes.md); every step screen asks for a session. */
  path: string;
  /** Its title, a key of the `common` namespace: the tab's title, the progress page, the review. */
  titleKey: string;
  /** Its page: a chunk of its own (decision 008), loaded with the query client (decision 015). */
  page: LazyExoticComponent<ComponentType>;
}

/** A step's screens: its first (where STEP_PATHS and the edit links go) and, for the ID step, more. */
export interface StepScreens extends StepScreen {
  /** The namespace of its texts (`src/locales/<lang>/<ns>.json`), its field catalogue's too. */
  namespace: string;
  /** The screens after the first, by name, for a step asked over several (the ID step). */
  more?: Readonly<Record<string, StepScreen>>;
}

// The one table of the step screens (issue #13): the router makes a route of every screen in it,
// and the step paths, the step header's dots, the progress page's titles and the review's headings
// and edit links read it. A step missing here, or missing a field, fails the type check. It lives in
// app/ because it names every feature's page (decision 016: app/ wires the features together).
export const STEP_SCREENS = {
  identity: {
    path: '/userinfo/id',
    titleKey: 'title_id_location',
    namespace: 'id',
    page: lazy(() => import('../features/id-step/components/id-location-page')),
    more: {
      photos: {
        path: '/userinfo/id/photos',
        titleKey: 'title_id_photos',
        page: lazy(() => import('../features/id-step/components/id-photos-page')),
      },
      details: {
        path: '/userinfo/id/details',
        titleKey: 'title_id_details',
        page: lazy(() => import('../features/id-step/components/id-details-page')),
      },
    },
  },
  address: {
    path: '/userinfo/address',
    titleKey: 'title_address',
    namespace: 'address',
    page: lazy(() => import('../features/address/components/address-page')),
  },
  account_type: {
    path: '/userinfo/account-type',
    titleKey: 'title_account_type_step',
    namespace: 'account_type',
    page: lazy(() => import('../features/account-type/components/account-type-page')),
  },
  personal: {
    path: '/userinfo/personal',
    titleKey: 'title_personal',
    namespace: 'personal',
    page: lazy(() => import('../features/personal/components/personal-page')),
  },
  employment: {
    path: '/userinfo/employment',
    titleKey: 'title_employment',
    namespace: 'employment',
    page: lazy(() => import('../features/employment/components/employment-page')),
  },
  financial: {
    path: '/userinfo/financial',
    titleKey: 'title_financial',
    namespace: 'financial',
    page: lazy(() => import('../features/financial/components/financial-page')),
  },
  tax: {
    path: '/userinfo/tax',
    titleKey: 'title_tax',
    namespace: 'tax',
    page: lazy(() => import('../features/tax/components/tax-page')),
  },
  declarations: {
    path: '/userinfo/declarations',
    titleKey: 'title_declarations',
    namespace: 'declarations',
    page: lazy(() => import('../features/declarations/components/declarations-page')),
  },
  investment: {
    path: '/userinfo/investment',
    titleKey: 'title_investment',
    namespace: 'investment',
    page: lazy(() => import('../features/investment/components/investment-page')),
  },
  risk_disclosure: {
    path: '/userinfo/risk-disclosure',
    titleKey: 'title_risk_disclosure',
    namespace: 'risk_disclosure',
    page: lazy(() => import('../features/risk-disclosure/components/risk-disclosure-page')),
  },
  identity_media: {
    path: '/userinfo/identity-photos',
    titleKey: 'title_identity_media',
    namespace: 'identity_media',
    page: lazy(() => import('../features/identity-media/components/identity-media-page')),
  },
  bank: {
    path: '/userinfo/bank',
    titleKey: 'title_bank',
    namespace: 'bank',
    page: lazy(() => import('../features/bank/components/bank-page')),
  },
  signature: {
    path: '/userinfo/signature',
    titleKey: 'title_signature',
    namespace: 'signature',
    page: lazy(() => import('../features/signature/components/signature-page')),
  },
  review: {
    path: '/userinfo/review',
    titleKey: 'title_review',
    namespace: 'review',
    page: lazy(() => import('../features/review/components/review-page')),
  },
} satisfies Record<StepId, StepScreens>;

/** Every screen of every step: the router's step routes. */
export const ALL_STEP_SCREENS: readonly StepScreen[] = Object.values<StepScreens>(STEP_SCREENS).flatMap(
  (s) => [s, ...Object.values(s.more ?? {})],
);

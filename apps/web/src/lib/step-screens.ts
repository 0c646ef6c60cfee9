import type { StepId } from '@hk/domain';

/** One screen of a step: what the router, the titles and the links need, not its page. */
export interface StepScreen {
  /** Its address (spec §2, docs/flow-routes.md); every step screen asks for a session. */
  path: string;
  /** Its title, a key of the `common` namespace: the tab's title, the progress page, the review. */
  titleKey: string;
}

/** A step's screens: its first (where STEP_PATHS and the edit links go) and, for the ID step, more. */
export interface StepScreens extends StepScreen {
  /** The namespace of its texts (`src/locales/<lang>/<ns>.json`), its field catalogue's too. */
  namespace: string;
  /** The screens after the first, by name, for a step asked over several (the ID step). */
  more?: Readonly<Record<string, StepScreen>>;
}

// The one table of the step screens (issue #13), data only (issue #23): the step paths, the step
// header's dots, the progress page's titles, the review's headings and edit links, and the route
// titles read it. A step missing here, or missing a field, fails the type check. Each screen's page
// is in app/step-screens.ts (STEP_PAGES), the one place that names every feature's page: this table
// sits low, in lib/, so the pages can read it without importing app/ (decision 008).
export const STEP_SCREENS = {
  identity: {
    path: '/userinfo/id',
    titleKey: 'title_id_location',
    namespace: 'id',
    more: {
      photos: {
        path: '/userinfo/id/photos',
        titleKey: 'title_id_photos',
      },
      details: {
        path: '/userinfo/id/details',
        titleKey: 'title_id_details',
      },
    },
  },
  address: {
    path: '/userinfo/address',
    titleKey: 'title_address',
    namespace: 'address',
  },
  account_type: {
    path: '/userinfo/account-type',
    titleKey: 'title_account_type_step',
    namespace: 'account_type',
  },
  personal: {
    path: '/userinfo/personal',
    titleKey: 'title_personal',
    namespace: 'personal',
  },
  employment: {
    path: '/userinfo/employment',
    titleKey: 'title_employment',
    namespace: 'employment',
  },
  financial: {
    path: '/userinfo/financial',
    titleKey: 'title_financial',
    namespace: 'financial',
  },
  tax: {
    path: '/userinfo/tax',
    titleKey: 'title_tax',
    namespace: 'tax',
  },
  declarations: {
    path: '/userinfo/declarations',
    titleKey: 'title_declarations',
    namespace: 'declarations',
  },
  investment: {
    path: '/userinfo/investment',
    titleKey: 'title_investment',
    namespace: 'investment',
  },
  risk_disclosure: {
    path: '/userinfo/risk-disclosure',
    titleKey: 'title_risk_disclosure',
    namespace: 'risk_disclosure',
  },
  identity_media: {
    path: '/userinfo/identity-photos',
    titleKey: 'title_identity_media',
    namespace: 'identity_media',
  },
  bank: {
    path: '/userinfo/bank',
    titleKey: 'title_bank',
    namespace: 'bank',
  },
  signature: {
    path: '/userinfo/signature',
    titleKey: 'title_signature',
    namespace: 'signature',
  },
  review: {
    path: '/userinfo/review',
    titleKey: 'title_review',
    namespace: 'review',
  },
} as const satisfies Record<StepId, StepScreens>;

type PathsOf<T> = T extends { path: infer P extends string }
  ? P | (T extends { more: infer M } ? { [K in keyof M]: PathsOf<M[K]> }[keyof M] : never)
  : never;

/** The address of every screen of every step, as the table spells it. */
export type StepScreenPath = { [S in StepId]: PathsOf<(typeof STEP_SCREENS)[S]> }[StepId];

/** Every screen of every step, each step's first screen first. */
export const ALL_STEP_SCREENS: readonly StepScreen[] = Object.values<StepScreens>(STEP_SCREENS).flatMap(
  (s) => [s, ...Object.values(s.more ?? {})],
);

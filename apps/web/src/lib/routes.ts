import type { RouteName } from '@hk/domain';
import { ALL_STEP_SCREENS } from './step-screens';

export interface RouteDef {
  path: string;
  /** key in the `common` namespace */
  titleKey: string;
  auth: boolean;
}

// spec §2 client routes that exist so far, and the progress page under /userinfo
// (docs/flow-routes.md); the steps' screens are STEP_SCREENS (lib/step-screens.ts, their pages in app/step-pages.ts).
export const ROUTES = {
  login: { path: '/login', titleKey: 'broker_name', auth: false },
  accountType: { path: '/accountType', titleKey: 'title_account_type', auth: true },
  usercenter: { path: '/usercenter', titleKey: 'title_usercenter', auth: true },
  userinfo: { path: '/userinfo', titleKey: 'title_userinfo', auth: true },
  progress: { path: '/userinfo/progress', titleKey: 'title_progress', auth: true },
  // spec §2: after approval, the identity deposit and the account's opening (docs/deposit.md)
  active: { path: '/active', titleKey: 'title_active', auth: true },
  activated: { path: '/activated', titleKey: 'title_activated', auth: true },
  remit: { path: '/remit', titleKey: 'title_remit', auth: true },
  remitAccount: { path: '/remitAccount', titleKey: 'title_remit_account', auth: true },
  remitUpload: { path: '/remitUpload', titleKey: 'title_remit_upload', auth: true },
  remitUploadAgain: { path: '/remitUploadAgain', titleKey: 'title_remit_upload', auth: true },
  remitted: { path: '/remitted', titleKey: 'title_remitted', auth: true },
  opened: { path: '/opened', titleKey: 'title_opened', auth: true },
  // spec §4's bank-update redirect, handed over from here (docs/deposit.md)
  bankUpdate: { path: '/bankUpdate', titleKey: 'title_bank', auth: true },
} as const satisfies Record<string, RouteDef>;

export type AppRouteName = keyof typeof ROUTES;

/** Route names of the domain's status routing that have a screen today. */
export const STATUS_ROUTE_PATHS = {
  login: ROUTES.login.path,
  accountType: ROUTES.accountType.path,
  usercenter: ROUTES.usercenter.path,
  userinfo: ROUTES.userinfo.path,
  active: ROUTES.active.path,
  activated: ROUTES.activated.path,
  remit: ROUTES.remit.path,
  remitted: ROUTES.remitted.path,
  opened: ROUTES.opened.path,
} satisfies Record<RouteName, string>;

/** Every screen: ROUTES' and the steps' (test renderers route each to "where am I"). */
export const APP_ROUTES: readonly RouteDef[] = [
  ...Object.values<RouteDef>(ROUTES),
  ...ALL_STEP_SCREENS.map((s) => ({ path: s.path, titleKey: s.titleKey, auth: true })),
];

/** The route of an address (a step's screen asks for a session). */
export function routeByPath(pathname: string): RouteDef | undefined {
  const wanted = pathname.toLowerCase().replace(/\/$/, '');
  return APP_ROUTES.find((r) => r.path.toLowerCase() === wanted);
}

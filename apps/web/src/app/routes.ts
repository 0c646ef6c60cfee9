import type { RouteName } from '@hk/domain';
import { ALL_STEP_SCREENS } from './step-screens';

export interface RouteDef {
  path: string;
  /** key in the `common` namespace */
  titleKey: string;
  auth: boolean;
}

// spec §2 client routes that exist so far, and the progress page under /userinfo
// (docs/flow-routes.md); the steps' screens are STEP_SCREENS (app/step-screens.ts).
export const ROUTES = {
  login: { path: '/login', titleKey: 'broker_name', auth: false },
  accountType: { path: '/accountType', titleKey: 'title_account_type', auth: true },
  usercenter: { path: '/usercenter', titleKey: 'title_usercenter', auth: true },
  userinfo: { path: '/userinfo', titleKey: 'title_userinfo', auth: true },
  progress: { path: '/userinfo/progress', titleKey: 'title_progress', auth: true },
} as const satisfies Record<string, RouteDef>;

export type AppRouteName = keyof typeof ROUTES;

/** Route names of the domain's status routing that have a screen today. */
export const STATUS_ROUTE_PATHS = {
  login: ROUTES.login.path,
  accountType: ROUTES.accountType.path,
  usercenter: ROUTES.usercenter.path,
  userinfo: ROUTES.userinfo.path,
  // Screens of later issues (activation, deposit) land on the user centre until they exist.
  active: ROUTES.usercenter.path,
  activated: ROUTES.usercenter.path,
  remit: ROUTES.usercenter.path,
  remitted: ROUTES.usercenter.path,
  opened: ROUTES.usercenter.path,
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

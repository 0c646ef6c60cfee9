import type { RouteName } from '@hk/domain';

export interface RouteDef {
  path: string;
  /** key in the `common` namespace */
  titleKey: string;
  auth: boolean;
}

// spec §2 client routes that exist so far, plus the ID-step screens under /userinfo
// (docs/flow-routes.md). Every redirect goes through this table.
export const ROUTES = {
  login: { path: '/login', titleKey: 'broker_name', auth: false },
  accountType: { path: '/accountType', titleKey: 'title_account_type', auth: true },
  usercenter: { path: '/usercenter', titleKey: 'title_usercenter', auth: true },
  userinfo: { path: '/userinfo', titleKey: 'title_userinfo', auth: true },
  idLocation: { path: '/userinfo/id', titleKey: 'title_id_location', auth: true },
  idPhotos: { path: '/userinfo/id/photos', titleKey: 'title_id_photos', auth: true },
  idDetails: { path: '/userinfo/id/details', titleKey: 'title_id_details', auth: true },
  progress: { path: '/userinfo/progress', titleKey: 'title_progress', auth: true },
  address: { path: '/userinfo/address', titleKey: 'title_address', auth: true },
  accountTypeStep: { path: '/userinfo/account-type', titleKey: 'title_account_type_step', auth: true },
  personal: { path: '/userinfo/personal', titleKey: 'title_personal', auth: true },
  employment: { path: '/userinfo/employment', titleKey: 'title_employment', auth: true },
  financial: { path: '/userinfo/financial', titleKey: 'title_financial', auth: true },
  tax: { path: '/userinfo/tax', titleKey: 'title_tax', auth: true },
  declarations: { path: '/userinfo/declarations', titleKey: 'title_declarations', auth: true },
  investment: { path: '/userinfo/investment', titleKey: 'title_investment', auth: true },
  riskDisclosure: { path: '/userinfo/risk-disclosure', titleKey: 'title_risk_disclosure', auth: true },
  identityMedia: { path: '/userinfo/identity-photos', titleKey: 'title_identity_media', auth: true },
  bank: { path: '/userinfo/bank', titleKey: 'title_bank', auth: true },
  signature: { path: '/userinfo/signature', titleKey: 'title_signature', auth: true },
  review: { path: '/userinfo/review', titleKey: 'title_review', auth: true },
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

export function routeByPath(pathname: string): RouteDef | undefined {
  return Object.values(ROUTES).find(
    (r) => r.path.toLowerCase() === pathname.toLowerCase().replace(/\/$/, ''),
  );
}

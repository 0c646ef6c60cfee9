import { CONSOLE_PAGE_PERMISSIONS as NEEDS } from '@hk/domain/staff/permissions';
import type { StaffPermission } from '@hk/domain/staff/roles';

/**
 * Every page of the console, in one table: its path (below the /backoffice basename), its title key
 * in `common`, and the permission that shows it in the menu and lets it open (none: every signed-in
 * person). Each permission is the one table's (packages/domain/src/staff/permissions.ts): a page
 * needs what the staff call that loads it needs, so the console offers no page its call refuses.
 */
export const ROUTES = {
  signIn: { path: '/sign-in', titleKey: 'page_sign_in' },
  /** Issue #22: a new member's first sign-in by a one-time link (no session; the token after `#`). */
  staffSetup: { path: '/setup', titleKey: 'page_staff_setup' },
  home: { path: '/', titleKey: 'page_home' },
  reviewQueue: { path: '/review-queue', titleKey: 'page_review_queue', permission: NEEDS.reviewQueue },
  /** One case, opened from the queue (not in the menu). */
  caseView: { path: '/cases/:id', titleKey: 'page_case', permission: NEEDS.caseView },
  staff: { path: '/staff', titleKey: 'page_staff', permission: NEEDS.staff },
  audit: { path: '/audit', titleKey: 'page_audit', permission: NEEDS.audit },
  /** Issue #15: operations import a receiving account's bank statement. */
  depositImport: {
    path: '/deposits/import',
    titleKey: 'page_deposit_import',
    permission: NEEDS.depositImport,
  },
  /** Issue #15: the statements' credits by state, and the manual work on them. */
  depositCredits: {
    path: '/deposits/credits',
    titleKey: 'page_deposit_credits',
    permission: NEEDS.depositCredits,
  },
  /** Issue #15: the USD rates the identity deposit is converted with. */
  fxRates: { path: '/deposits/fx-rates', titleKey: 'page_fx_rates', permission: NEEDS.fxRates },
  /** Issue #15: activated applications waiting for their account, and the open action. */
  opening: { path: '/opening', titleKey: 'page_opening', permission: NEEDS.opening },
  /** Issue #15: open one application's records; the records whose time has passed. */
  records: { path: '/records', titleKey: 'page_records', permission: NEEDS.records },
  /** Issue #15: the status page's IPOs, banners and customer service. */
  content: { path: '/content', titleKey: 'page_content', permission: NEEDS.content },
  /** One application's retention date, legal holds and evidence pack (not in the menu). */
  recordsView: { path: '/records/:id', titleKey: 'page_record', permission: NEEDS.recordsView },
  /** Issue #22: the notifications that wait, failed or are uncertain, and their retry. */
  outbox: { path: '/outbox', titleKey: 'page_outbox', permission: NEEDS.outbox },
} as const satisfies Record<string, { path: string; titleKey: string; permission?: StaffPermission }>;

export type RouteName = keyof typeof ROUTES;

/** The side menu, in order. */
export const MENU_ROUTES = [
  'home',
  'reviewQueue',
  'depositCredits',
  'depositImport',
  'fxRates',
  'opening',
  'records',
  'content',
  'outbox',
  'staff',
  'audit',
] as const satisfies readonly RouteName[];

/** The address of one case's page. */
export function casePath(id: string): string {
  return `/cases/${encodeURIComponent(id)}`;
}

/** The address of one application's records page. */
export function recordsPath(applicationId: string): string {
  return `/records/${encodeURIComponent(applicationId)}`;
}

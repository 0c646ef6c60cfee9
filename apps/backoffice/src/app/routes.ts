import type { StaffPermission } from '@hk/domain/staff/roles';

/**
 * Every page of the console, in one table: its path (below the /backoffice basename), its title key
 * in `common`, and the permission that shows it in the menu and lets it open (none: every signed-in
 * person). The permissions are the domain's (packages/domain/src/staff/roles.ts), the API checks
 * the same ones.
 */
export const ROUTES = {
  signIn: { path: '/sign-in', titleKey: 'page_sign_in' },
  home: { path: '/', titleKey: 'page_home' },
  reviewQueue: { path: '/review-queue', titleKey: 'page_review_queue', permission: 'case.read' },
  /** One case, opened from the queue (not in the menu). */
  caseView: { path: '/cases/:id', titleKey: 'page_case', permission: 'case.read' },
  staff: { path: '/staff', titleKey: 'page_staff', permission: 'staff.manage' },
  audit: { path: '/audit', titleKey: 'page_audit', permission: 'audit.read' },
} as const satisfies Record<string, { path: string; titleKey: string; permission?: StaffPermission }>;

export type RouteName = keyof typeof ROUTES;

/** The side menu, in order. */
export const MENU_ROUTES = ['home', 'reviewQueue', 'staff', 'audit'] as const satisfies readonly RouteName[];

/** The address of one case's page. */
export function casePath(id: string): string {
  return `/cases/${encodeURIComponent(id)}`;
}

import type { StaffPermission } from './roles';

// One table of who may call what in the back office (issue #23). The API's staff routes are guarded
// by it (routes/backoffice/index.ts reads each route's entry; a route without one stops the app from
// starting), the console's pages open by it (a page needs what the call that loads it needs), and
// the services answer what a member "can" do from it (the case view's buttons, the records page's).
// Which role grants which permission stays in roles.ts.

/** What a staff API call needs: a permission, any signed-in member, or nobody (no session yet). */
export type StaffRouteNeed = StaffPermission | 'signed_in' | 'anyone';

/** Every staff API call, `METHOD /path` below /backoffice/api, and what it needs. */
export const STAFF_ROUTES = {
  // the session itself: signing in needs nobody, the rest any signed-in member
  'POST /session': 'anyone',
  'GET /session': 'signed_in',
  'DELETE /session': 'signed_in',
  // issue #22: a new member's first sign-in by a one-time link (no session yet)
  'POST /staff-setup/start': 'anyone',
  'POST /staff-setup/finish': 'anyone',

  // the review (issue #14)
  'GET /cases': 'case.read',
  'GET /cases/:id': 'case.read',
  // to oneself (case.assign_self) or to someone else (case.reassign): the service checks which
  'POST /cases/:id/assign': 'case.read',
  'GET /assignees': 'case.reassign',
  'PUT /cases/:id/items/:key': 'case.decide_items',
  'POST /cases/:id/return': 'case.decide_items',
  'POST /cases/:id/recommend': 'case.recommend',
  'POST /cases/:id/approve': 'case.approve',
  'POST /cases/:id/decline': 'case.reject',
  'GET /cases/:id/documents/:documentId': 'sensitive.read',

  // the audit
  'GET /staff-events': 'audit.read',
  'GET /applications/:id/access-events': 'audit.read',
  'GET /staff-members': 'audit.read',
  'GET /staff-members/:id/access-events': 'audit.read',

  // identity deposits (issue #15)
  'GET /deposits/fx-rates': 'deposit.match',
  'PUT /deposits/fx-rates': 'deposit.match',
  'GET /deposits/receiving-accounts': 'deposit.match',
  'POST /deposits/imports': 'deposit.match',
  'GET /deposits/credits': 'deposit.match',
  'POST /deposits/credits/:id/match': 'deposit.match',
  'POST /deposits/credits/:id/refund': 'deposit.match',
  'GET /deposits/applications': 'deposit.match',
  'POST /deposits/applications/:id/voucher-request': 'deposit.match',

  // opening accounts, records and the evidence pack (issue #15)
  'GET /opening': 'account.open',
  'POST /opening/:id': 'account.open',
  'GET /records/disposal': 'records.read',
  'GET /records/:id': 'records.read',
  'POST /records/:id/holds': 'records.hold',
  'POST /records/:id/holds/:holdId/release': 'records.hold',
  'POST /records/:id/evidence-pack': 'records.export',

  // background jobs (issue #22): a job is its starter's (the service checks); its download is an export
  'GET /jobs/:id': 'signed_in',
  'POST /jobs/:id/download': 'records.export',

  // the status page's content (issue #15)
  'GET /content/ipos': 'content.edit',
  'POST /content/ipos': 'content.edit',
  'PUT /content/ipos/:id': 'content.edit',
  'DELETE /content/ipos/:id': 'content.edit',
  'GET /content/banners': 'content.edit',
  'POST /content/banners': 'content.edit',
  'PUT /content/banners/:id': 'content.edit',
  'DELETE /content/banners/:id': 'content.edit',
  'GET /content/banners/:id/image': 'content.edit',
  'GET /content/service': 'content.edit',
  'PUT /content/service': 'content.edit',
  'GET /content/service/qr': 'content.edit',

  // the notifications outbox (issue #22)
  'GET /outbox': 'outbox.manage',
  'POST /outbox/:id/retry': 'outbox.manage',

  // staff accounts (issue #22)
  'GET /staff': 'staff.manage',
  'POST /staff': 'staff.manage',
  'PUT /staff/:id/roles': 'staff.manage',
  'POST /staff/:id/disable': 'staff.manage',
  'POST /staff/:id/enable': 'staff.manage',
  'POST /staff/:id/unlock': 'staff.manage',
  'POST /staff/:id/setup-link': 'staff.manage',
} as const satisfies Record<`${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`, StaffRouteNeed>;

export type StaffRoute = keyof typeof STAFF_ROUTES;

/** The table's entry of a call as the router names it (`GET`, `/cases/:id`); undefined for none. */
export function staffRouteNeed(method: string, path: string): StaffRouteNeed | undefined {
  const key = `${method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()} ${path}`;
  return (STAFF_ROUTES as Record<string, StaffRouteNeed>)[key];
}

/**
 * The permissions behind what the case view offers (`CaseView['can']`): each is the permission of
 * the call the button makes, so the console offers no action the route refuses. Assigning to
 * oneself and reassigning share one call; the service tells them apart by these two.
 */
export const CASE_ACTION_PERMISSIONS = {
  assignToMe: 'case.assign_self',
  reassign: STAFF_ROUTES['GET /assignees'],
  decideItems: STAFF_ROUTES['PUT /cases/:id/items/:key'],
  returnToApplicant: STAFF_ROUTES['POST /cases/:id/return'],
  recommend: STAFF_ROUTES['POST /cases/:id/recommend'],
  approve: STAFF_ROUTES['POST /cases/:id/approve'],
  decline: STAFF_ROUTES['POST /cases/:id/decline'],
  readSensitive: STAFF_ROUTES['GET /cases/:id/documents/:documentId'],
  readRecords: STAFF_ROUTES['GET /records/:id'],
} as const satisfies Record<string, StaffPermission>;

/** The permissions behind the records page's buttons (`RecordsView['can']`). */
export const RECORDS_ACTION_PERMISSIONS = {
  export: STAFF_ROUTES['POST /records/:id/evidence-pack'],
  hold: STAFF_ROUTES['POST /records/:id/holds'],
} as const satisfies Record<string, StaffPermission>;

/**
 * Each page of the console that needs a permission, and the call that loads it: the page opens (and
 * shows in the menu) for whoever that call lets through. Pages not named here (sign-in, the set-up
 * link, home) need no permission.
 */
export const CONSOLE_PAGE_CALLS = {
  reviewQueue: 'GET /cases',
  caseView: 'GET /cases/:id',
  staff: 'GET /staff',
  audit: 'GET /staff-members',
  depositImport: 'POST /deposits/imports',
  depositCredits: 'GET /deposits/credits',
  fxRates: 'GET /deposits/fx-rates',
  opening: 'GET /opening',
  records: 'GET /records/disposal',
  content: 'GET /content/ipos',
  recordsView: 'GET /records/:id',
  outbox: 'GET /outbox',
} as const satisfies Record<string, StaffRoute>;

export type ConsolePage = keyof typeof CONSOLE_PAGE_CALLS;

/** The permission of each console page: the table's entry of the call that loads it. */
export const CONSOLE_PAGE_PERMISSIONS = Object.fromEntries(
  Object.entries(CONSOLE_PAGE_CALLS).map(([page, call]) => [page, STAFF_ROUTES[call]]),
) as { [P in ConsolePage]: (typeof STAFF_ROUTES)[(typeof CONSOLE_PAGE_CALLS)[P]] };

import { type RouteName, routeForStatus, type UserStatus } from '@hk/domain';
import { depositScreenFor, type RemittanceState } from '@hk/domain/deposit/remittance';
import { ROUTES, STATUS_ROUTE_PATHS } from '../../../lib/routes';

/** The deposit's screens (spec §2 client routes after approval). */
export type DepositScreen =
  | 'active'
  | 'remit'
  | 'remitAccount'
  | 'remitUpload'
  | 'remitUploadAgain'
  | 'remitted'
  | 'activated'
  | 'opened';

/**
 * Which screens each route of the status routing (spec §4, `routeForStatus`) covers: approved goes
 * to active (no designated account on record) or remit, and from there through the deposit's
 * steps; activated and opened each have their one screen.
 */
const SCREENS_OF_ROUTE: Partial<Record<RouteName, readonly DepositScreen[]>> = {
  active: ['active', 'remit', 'remitAccount', 'remitUpload', 'remitUploadAgain', 'remitted'],
  remit: ['active', 'remit', 'remitAccount', 'remitUpload', 'remitUploadAgain', 'remitted'],
  activated: ['activated'],
  remitted: ['remitted'],
  opened: ['opened'],
};

/**
 * While approved, each remittance state has its screen (`depositScreenFor`: open → the upload;
 * voucher_requested, when operations asked for another voucher or the money was short or came
 * from someone else — "pay again" — → upload again, with the reason; paid → waiting for the
 * match), which every other deposit screen sends the person to, `/remit` and `/active` included:
 * the SMS that brings the applicant back lands on the screen that says why (issue #22). Besides
 * it, the introduction while open, and the receiving accounts (to pay, or pay the rest, to) always.
 */
const ALSO_OF_STATE: Record<RemittanceState, readonly DepositScreen[]> = {
  open: ['active', 'remit', 'remitAccount'],
  voucher_requested: ['remitAccount'],
  paid: ['remitAccount'],
  matched: ['remitAccount'],
};

/**
 * Where a deposit screen sends the person (a path), or null to stay: the status first (spec §4:
 * another status has another screen; the submitted state and the bank update are the user
 * centre's), then, while approved, the remittance's state (`ALSO_OF_STATE`).
 */
export function depositRedirect(
  screen: DepositScreen,
  status: Pick<UserStatus, 'status' | 'bank_type' | 'bank_audit' | 'progress'>,
  state: RemittanceState | undefined,
): string | null {
  const next = routeForStatus(status);
  if (next.route === 'submitted_view' || next.route === 'bank_update') return ROUTES.usercenter.path;
  const screens = SCREENS_OF_ROUTE[next.route];
  if (!screens) {
    const query = next.query ? `?${new URLSearchParams(next.query)}` : '';
    return `${STATUS_ROUTE_PATHS[next.route]}${query}`;
  }
  if (!screens.includes(screen)) return STATUS_ROUTE_PATHS[next.route];
  if (next.route !== 'active' && next.route !== 'remit') return null;
  if (!state) return null;
  const home = depositScreenFor(state);
  if (screen === home || ALSO_OF_STATE[state].includes(screen)) return null;
  return ROUTES[home].path;
}

// Staff roles and what each may do (issue #14, docs/backoffice.md). The one place that says who may
// do what in the back office: the API checks a route's permission with `checkHasPermission`, the
// console hides what a role cannot do by the same table.

export const STAFF_ROLES = ['reviewer', 'approver', 'operations', 'content_editor', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** See the review queue and open a case (answers masked, documents listed). */
  'case.read',
  /** Take an unassigned case for oneself. */
  'case.assign_self',
  /** Give a case to someone else, or take it from them. */
  'case.reassign',
  /** Approve or return for revision each step and document of a case assigned to oneself. */
  'case.decide_items',
  /** Recommend approval (the maker's half of maker-checker). */
  'case.recommend',
  /** Approve a recommended case (the checker's half: a Responsible Officer, never the maker). */
  'case.approve',
  /** Reject the whole application, finally. */
  'case.reject',
  /** Read a decrypted identity number, photo, video or proof (each read is an access event). */
  'sensitive.read',
  /** Match identity deposits and open accounts (issue #15). */
  'deposit.match',
  'account.open',
  /** Edit published content: IPOs, banners, customer service (agreements, notices). */
  'content.edit',
  /** See an application's records: its retention clock, legal holds, the disposal list (issue #15). */
  'records.read',
  /** Download an application's evidence pack (decrypted documents: each export is an access event). */
  'records.export',
  /** Place and release legal holds on an application's records. */
  'records.hold',
  /** Create staff, change roles, unlock and disable accounts. */
  'staff.manage',
  /** Read the access events and staff events. */
  'audit.read',
  /** Issue #22: see the notifications outbox's open messages and send a failed or uncertain one again. */
  'outbox.manage',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const ROLE_PERMISSIONS = {
  reviewer: ['case.read', 'case.assign_self', 'case.decide_items', 'case.recommend', 'sensitive.read'],
  approver: [
    'case.read',
    'case.assign_self',
    'case.reassign',
    'case.decide_items',
    'case.approve',
    'case.reject',
    'sensitive.read',
    // a Responsible Officer already reads decrypted documents; the pack is the same data, logged
    'records.read',
    'records.export',
    'records.hold',
  ],
  operations: ['case.read', 'deposit.match', 'account.open', 'records.read', 'outbox.manage'],
  content_editor: ['content.edit'],
  // An administrator runs the console (staff, audit, assignments) but decides no case: separation
  // of duties keeps approval with Responsible Officers.
  administrator: [
    'case.read',
    'case.reassign',
    'staff.manage',
    'audit.read',
    'records.read',
    'records.hold',
    'outbox.manage',
  ],
} as const satisfies Record<StaffRole, readonly StaffPermission[]>;

export function checkIsStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function permissionsOf(roles: readonly StaffRole[]): ReadonlySet<StaffPermission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

export function checkHasPermission(roles: readonly StaffRole[], permission: StaffPermission): boolean {
  return roles.some((role) => (ROLE_PERMISSIONS[role] as readonly StaffPermission[]).includes(permission));
}

/** What decides a case (maker and checker): roles granting these are "deciding" roles. */
export const DECIDING_PERMISSIONS = [
  'case.decide_items',
  'case.recommend',
  'case.approve',
  'case.reject',
] as const satisfies readonly StaffPermission[];

/** Whether a role decides cases (reviewer, approver). */
export function checkIsDecidingRole(role: StaffRole): boolean {
  return (ROLE_PERMISSIONS[role] as readonly StaffPermission[]).some((p) =>
    (DECIDING_PERMISSIONS as readonly string[]).includes(p),
  );
}

/** Keys of the reasons an administrator's change to her own account is refused (STAFF_SELF_CHANGE_REFUSED). */
export type StaffSelfChangeProblem =
  | 'staff_self_deciding_role'
  | 'staff_self_disable'
  | 'staff_self_reset_sign_in'
  | 'staff_self_remove_administrator'
  | null;

/**
 * Separation of duties on staff accounts (issue #22): whoever changes an account that is her own
 * never gives it a deciding role it did not have, never disables it, never issues it a new set-up
 * link (reset sign-in: another administrator does) and never removes its administrator role (the
 * console would lose its last way back). Other people's accounts may get
 * any role: that is what an administrator is for. Pure: the API enforces it on every change.
 */
export function staffSelfChangeProblem(change: {
  actorId: string;
  targetId: string;
  rolesBefore: readonly StaffRole[];
  rolesAfter?: readonly StaffRole[];
  disabling?: boolean;
  /** A new set-up link ("reset sign-in"), which would end her sessions and let a link's holder take the account. */
  resettingSignIn?: boolean;
}): StaffSelfChangeProblem {
  if (change.actorId !== change.targetId) return null;
  if (change.disabling) return 'staff_self_disable';
  if (change.resettingSignIn) return 'staff_self_reset_sign_in';
  const after = change.rolesAfter;
  if (!after) return null;
  if (after.some((r) => checkIsDecidingRole(r) && !change.rolesBefore.includes(r)))
    return 'staff_self_deciding_role';
  if (change.rolesBefore.includes('administrator') && !after.includes('administrator'))
    return 'staff_self_remove_administrator';
  return null;
}

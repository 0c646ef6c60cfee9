import { describe, expect, it } from 'vitest';
import {
  checkHasPermission,
  checkIsDecidingRole,
  permissionsOf,
  ROLE_PERMISSIONS,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  staffSelfChangeProblem,
} from './roles';
import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS, staffSessionEnd } from './session-rules';

describe('staff roles (issue #14)', () => {
  it('every permission belongs to at least one role, and every role has one', () => {
    const granted = new Set(STAFF_ROLES.flatMap((r) => ROLE_PERMISSIONS[r]));
    expect([...granted].sort()).toEqual([...STAFF_PERMISSIONS].sort());
    for (const role of STAFF_ROLES) expect(ROLE_PERMISSIONS[role].length).toBeGreaterThan(0);
  });
  it('a reviewer recommends but cannot approve; an approver approves but does not recommend', () => {
    expect(checkHasPermission(['reviewer'], 'case.recommend')).toBe(true);
    expect(checkHasPermission(['reviewer'], 'case.approve')).toBe(false);
    expect(checkHasPermission(['approver'], 'case.approve')).toBe(true);
    expect(checkHasPermission(['approver'], 'case.recommend')).toBe(false);
  });
  it('an administrator manages staff and reads the audit, but decides no case', () => {
    const admin = permissionsOf(['administrator']);
    expect(admin.has('staff.manage')).toBe(true);
    expect(admin.has('audit.read')).toBe(true);
    for (const p of [
      'case.decide_items',
      'case.approve',
      'case.recommend',
      'case.reject',
      'sensitive.read',
    ] as const)
      expect(admin.has(p)).toBe(false);
  });
  it('roles add up', () => {
    expect(checkHasPermission(['content_editor'], 'case.read')).toBe(false);
    expect(checkHasPermission(['content_editor', 'operations'], 'case.read')).toBe(true);
    expect(checkHasPermission([], 'case.read')).toBe(false);
  });
});

describe('records permissions (issue #15)', () => {
  it('an approver exports evidence packs; an administrator holds records but exports no decrypted documents', () => {
    expect(checkHasPermission(['approver'], 'records.export')).toBe(true);
    expect(checkHasPermission(['administrator'], 'records.export')).toBe(false);
    expect(checkHasPermission(['administrator'], 'records.hold')).toBe(true);
    expect(checkHasPermission(['approver'], 'records.hold')).toBe(true);
  });
  it('operations open accounts and read records but neither export nor hold them', () => {
    expect(checkHasPermission(['operations'], 'account.open')).toBe(true);
    expect(checkHasPermission(['operations'], 'records.read')).toBe(true);
    expect(checkHasPermission(['operations'], 'records.export')).toBe(false);
    expect(checkHasPermission(['operations'], 'records.hold')).toBe(false);
    expect(checkHasPermission(['reviewer', 'content_editor'], 'account.open')).toBe(false);
  });
});

describe('staff session lifetime', () => {
  const t0 = 1_800_000_000_000;
  it('ends when idle for the idle time, and at the absolute lifetime even when used', () => {
    expect(staffSessionEnd(t0, t0, t0 + STAFF_SESSION_IDLE_MS - 1)).toBeNull();
    expect(staffSessionEnd(t0, t0, t0 + STAFF_SESSION_IDLE_MS)).toBe('idle');
    const end = t0 + STAFF_SESSION_ABSOLUTE_MS;
    expect(staffSessionEnd(t0, end - 1000, end - 1)).toBeNull();
    expect(staffSessionEnd(t0, end - 1000, end)).toBe('absolute');
  });
});

describe('separation of duties on staff accounts (issue #22)', () => {
  const me = 'a';
  it('reviewer and approver are the deciding roles', () => {
    expect(STAFF_ROLES.filter(checkIsDecidingRole)).toEqual(['reviewer', 'approver']);
  });
  it('nobody gives herself a deciding role', () => {
    for (const role of ['reviewer', 'approver'] as const)
      expect(
        staffSelfChangeProblem({
          actorId: me,
          targetId: me,
          rolesBefore: ['administrator'],
          rolesAfter: ['administrator', role],
        }),
      ).toBe('staff_self_deciding_role');
  });
  it('an administrator gives other people any role', () => {
    expect(
      staffSelfChangeProblem({
        actorId: me,
        targetId: 'b',
        rolesBefore: ['administrator'],
        rolesAfter: ['approver', 'administrator'],
      }),
    ).toBeNull();
  });
  it('nobody disables herself or removes her own administration; other own changes pass', () => {
    expect(
      staffSelfChangeProblem({ actorId: me, targetId: me, rolesBefore: ['administrator'], disabling: true }),
    ).toBe('staff_self_disable');
    expect(
      staffSelfChangeProblem({
        actorId: me,
        targetId: me,
        rolesBefore: ['administrator'],
        resettingSignIn: true,
      }),
    ).toBe('staff_self_reset_sign_in');
    expect(
      staffSelfChangeProblem({
        actorId: me,
        targetId: 'b',
        rolesBefore: ['administrator'],
        resettingSignIn: true,
      }),
    ).toBeNull();
    expect(
      staffSelfChangeProblem({
        actorId: me,
        targetId: me,
        rolesBefore: ['administrator'],
        rolesAfter: ['operations'],
      }),
    ).toBe('staff_self_remove_administrator');
    expect(
      staffSelfChangeProblem({
        actorId: me,
        targetId: me,
        rolesBefore: ['administrator'],
        rolesAfter: ['administrator', 'content_editor'],
      }),
    ).toBeNull();
  });
});

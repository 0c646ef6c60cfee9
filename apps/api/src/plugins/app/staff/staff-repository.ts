import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staffMembers } from '../../../db/schema';
import { insertStaffFailure } from './staff-limit-repository';

export type StaffMemberRow = typeof staffMembers.$inferSelect;

export async function findStaffByUsername(db: Db, username: string): Promise<StaffMemberRow | null> {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(sql`lower(${staffMembers.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

export async function findStaffById(db: Db, id: string): Promise<StaffMemberRow | null> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id)).limit(1);
  return row ?? null;
}

export async function listStaff(db: Db): Promise<StaffMemberRow[]> {
  return db.select().from(staffMembers).orderBy(asc(staffMembers.username));
}

/** A new account; null when the username (without case) is taken. */
export async function insertStaff(
  db: Db,
  values: Pick<
    typeof staffMembers.$inferInsert,
    'username' | 'displayName' | 'passwordHash' | 'totpSecretSealed' | 'roles' | 'language'
  >,
  now: Date,
): Promise<StaffMemberRow | null> {
  const [row] = await db
    .insert(staffMembers)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * A wrong or replayed approval code (review/case-actions.ts) counts as a failed sign-in of the member
 * from that address would (the sign-in limits stop guessing through approvals too).
 */
export async function recordStaffFailure(db: Db, id: string, ip: string, now: Date) {
  const member = await findStaffById(db, id);
  if (member) await insertStaffFailure(db, member.username, ip, now);
}

/**
 * Takes TOTP step `step` for a sign-in: only when no code of that step or a later one was accepted
 * before and the account is not locked, in one statement, so two sign-ins racing with one code
 * cannot both pass. Records the sign-in's time. False when the step was used (a replay) or the
 * account was disabled meanwhile.
 */
export async function acceptStaffTotpStep(db: Db, id: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ lastTotpStep: step, failedCount: 0, lockedUntil: null, lastSignInAt: now, updatedAt: now })
    .where(
      sql`${staffMembers.id} = ${id}
        and (${staffMembers.lastTotpStep} is null or ${staffMembers.lastTotpStep} < ${step})
        and ${staffMembers.disabledAt} is null`,
    )
    .returning({ id: staffMembers.id });
  return rows.length === 1;
}

/** Administrative changes (the staff command): unlock, disable, new TOTP secret, new password. */
export async function updateStaff(
  db: Db,
  id: string,
  change: Partial<
    Pick<
      typeof staffMembers.$inferInsert,
      | 'failedCount'
      | 'lockedUntil'
      | 'disabledAt'
      | 'totpSecretSealed'
      | 'lastTotpStep'
      | 'passwordHash'
      | 'roles'
      | 'displayName'
      | 'language'
    >
  >,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ ...change, updatedAt: now })
    .where(eq(staffMembers.id, id))
    .returning({ id: staffMembers.id });
  return rows.length === 1;
}

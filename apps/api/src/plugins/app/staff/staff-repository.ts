import { STAFF_LOCKOUT_FAILURES, STAFF_LOCKOUT_MS } from '@hk/domain/staff/session-rules';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staffMembers } from '../../../db/schema';

export type StaffMemberRow = typeof staffMembers.$inferSelect;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

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
 * One more failed sign-in, counted in the row itself so that concurrent failures all count; the
 * fifth in a row locks the account for the lock-out time. A lock that has run out starts the
 * count again. Answers the count and the lock after this failure.
 */
export async function recordStaffFailure(db: Db, id: string, now: Date) {
  const expired = sql`(${staffMembers.lockedUntil} is not null and ${staffMembers.lockedUntil} <= ${at(now)})`;
  const [row] = await db
    .update(staffMembers)
    .set({
      failedCount: sql`case when ${expired} then 1 else ${staffMembers.failedCount} + 1 end`,
      lockedUntil: sql`case
        when ${expired} then null
        when ${staffMembers.failedCount} + 1 >= ${STAFF_LOCKOUT_FAILURES} then ${at(new Date(now.getTime() + STAFF_LOCKOUT_MS))}
        else ${staffMembers.lockedUntil} end`,
      updatedAt: now,
    })
    .where(eq(staffMembers.id, id))
    .returning({ failedCount: staffMembers.failedCount, lockedUntil: staffMembers.lockedUntil });
  return row ?? null;
}

/**
 * Takes TOTP step `step` for a sign-in: only when no code of that step or a later one was accepted
 * before and the account is not locked, in one statement, so two sign-ins racing with one code
 * cannot both pass. Clears the failure count. False when the step was used (a replay) or the
 * account locked meanwhile.
 */
export async function acceptStaffTotpStep(db: Db, id: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ lastTotpStep: step, failedCount: 0, lockedUntil: null, updatedAt: now })
    .where(
      sql`${staffMembers.id} = ${id}
        and (${staffMembers.lastTotpStep} is null or ${staffMembers.lastTotpStep} < ${step})
        and (${staffMembers.lockedUntil} is null or ${staffMembers.lockedUntil} <= ${at(now)})
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

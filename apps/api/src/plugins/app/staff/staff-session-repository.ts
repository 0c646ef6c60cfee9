import { STAFF_SESSION_ABSOLUTE_MS } from '@hk/domain/staff/session-rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staffMembers, staffSessions } from '../../../db/schema';
import { randomToken, sha256Hex } from '../../../lib/crypto';

export type StaffSessionEndReason =
  | 'signed_out'
  | 'idle'
  | 'absolute'
  | 'account_disabled'
  | 'credentials_changed';

export async function insertStaffSession(
  db: Db,
  input: { staffId: string; ip: string; userAgent: string | null },
  now: Date,
) {
  const token = randomToken();
  const csrfToken = randomToken();
  const tokenHash = sha256Hex(token);
  await db.insert(staffSessions).values({
    tokenHash,
    staffId: input.staffId,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS),
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { token, tokenHash, csrfToken };
}

/** A session not ended yet, with its staff member; whether it is past its idle or absolute end is the caller's. */
export async function findOpenStaffSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: staffSessions, staff: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt)))
    .limit(1);
  return row ?? null;
}

export async function touchStaffSession(db: Db, tokenHash: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt)));
}

/** Ends a session once; true only for the call that ended it (its event is written once). */
export async function endStaffSession(
  db: Db,
  tokenHash: string,
  reason: StaffSessionEndReason,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt)))
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length === 1;
}

/** Ends every open session of a staff member (disabled, new TOTP secret); answers how many. */
export async function endStaffSessionsOf(
  db: Db,
  staffId: string,
  reason: StaffSessionEndReason,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)))
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length;
}

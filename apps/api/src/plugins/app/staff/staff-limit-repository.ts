import {
  STAFF_ACCOUNT_LOCK_WINDOW_MS,
  STAFF_LIMIT_WINDOW_MS,
  STAFF_PAIR_WINDOW_MS,
  type StaffFailureCounts,
} from '@hk/domain/staff/sign-in-limits';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staffSignInFailures } from '../../../db/schema';

// The failed staff sign-ins the limits count (packages/domain/src/staff/sign-in-limits.ts): rows
// in the database, so two server processes on one PostgreSQL count the same failures.

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The counts of one attempt: from this address, of this username from it, of this username from anywhere. */
export async function readStaffFailureCounts(
  db: Db,
  username: string,
  ip: string,
  now: Date,
): Promise<StaffFailureCounts> {
  const recent = at(new Date(now.getTime() - STAFF_LIMIT_WINDOW_MS));
  const hour = at(new Date(now.getTime() - STAFF_ACCOUNT_LOCK_WINDOW_MS));
  const day = at(new Date(now.getTime() - STAFF_PAIR_WINDOW_MS));
  const f = staffSignInFailures;
  const pair = sql`${f.ip} = ${ip} and ${f.username} = ${username} and ${f.createdAt} > ${day}`;
  const account = sql`${f.username} = ${username} and ${f.createdAt} > ${hour}`;
  const [row] = await db
    .select({
      addressCount: sql<number>`count(*) filter (where ${f.ip} = ${ip} and ${f.createdAt} > ${recent})::int`,
      addressLast: sql<
        string | null
      >`max(${f.createdAt}) filter (where ${f.ip} = ${ip} and ${f.createdAt} > ${recent})`,
      pairCount: sql<number>`count(*) filter (where ${pair})::int`,
      pairLast: sql<string | null>`max(${f.createdAt}) filter (where ${pair})`,
      accountCount: sql<number>`count(*) filter (where ${account})::int`,
      accountAddresses: sql<number>`count(distinct ${f.ip}) filter (where ${account})::int`,
    })
    .from(f)
    .where(
      sql`((${f.ip} = ${ip} and ${f.createdAt} > ${recent}) or (${f.username} = ${username} and ${f.createdAt} > ${day})) and ${f.createdAt} <= ${at(now)}`,
    );
  const time = (value: string | Date | null | undefined) =>
    value === null || value === undefined ? null : new Date(value).getTime();
  return {
    address: { count: Number(row?.addressCount ?? 0), lastAt: time(row?.addressLast) },
    pair: { count: Number(row?.pairCount ?? 0), lastAt: time(row?.pairLast) },
    account: { count: Number(row?.accountCount ?? 0), addresses: Number(row?.accountAddresses ?? 0) },
  };
}

export async function insertStaffFailure(db: Db, username: string, ip: string, now: Date) {
  await db.insert(staffSignInFailures).values({ username, ip, createdAt: now });
}

/**
 * The limits' check and this attempt's failure row, as one step per address: under a transaction
 * lock on the address, the counts are read and, unless `limited(counts)` says no, a failure row is
 * written before the password is verified. A burst of parallel attempts from one address is
 * therefore checked one by one, each seeing the ones before it, and no more are verified than the
 * limit allows (without this, 20 attempts at once were all verified). A success deletes the row
 * with the pair's other failures (clearStaffPairFailures); a crash before it leaves a failure
 * counted, which errs on the side of the limit.
 */
export async function reserveStaffAttempt<L>(
  db: Db,
  username: string,
  ip: string,
  now: Date,
  limited: (counts: StaffFailureCounts) => L | null,
): Promise<{ counts: StaffFailureCounts; limit: L | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-sign-in:${ip}`}))`);
    const counts = await readStaffFailureCounts(tx as unknown as Db, username, ip, now);
    const limit = limited(counts);
    if (limit === null) await tx.insert(staffSignInFailures).values({ username, ip, createdAt: now });
    return { counts, limit };
  });
}

/** A success from an address forgets that username's failures from it (the other addresses' stay). */
export async function clearStaffPairFailures(db: Db, username: string, ip: string) {
  await db
    .delete(staffSignInFailures)
    .where(and(eq(staffSignInFailures.username, username), eq(staffSignInFailures.ip, ip)));
}

/** An administrator's unlock: every failure of the username is forgotten. */
export async function clearStaffFailures(db: Db, username: string) {
  await db.delete(staffSignInFailures).where(eq(staffSignInFailures.username, username));
}

/** The usernames whose account-wide lock holds now (the staff page's "locked"). */
export async function listLockedUsernames(
  db: Db,
  now: Date,
  lock: { failures: number; addresses: number },
): Promise<Set<string>> {
  const f = staffSignInFailures;
  const rows = await db
    .select({ username: f.username })
    .from(f)
    .where(
      sql`${f.createdAt} > ${at(new Date(now.getTime() - STAFF_ACCOUNT_LOCK_WINDOW_MS))} and ${f.createdAt} <= ${at(now)}`,
    )
    .groupBy(f.username)
    .having(sql`count(*) >= ${lock.failures} and count(distinct ${f.ip}) >= ${lock.addresses}`);
  return new Set(rows.map((r) => r.username));
}

/** The purge: failures older than a day no limit reads. */
export async function purgeStaffFailures(db: Db, before: Date) {
  return db.delete(staffSignInFailures).where(lt(staffSignInFailures.createdAt, before)).returning({
    id: staffSignInFailures.id,
  });
}

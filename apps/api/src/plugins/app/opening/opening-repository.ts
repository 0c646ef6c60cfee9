import { ApplicationStatus } from '@hk/domain';
import { ACCOUNT_NUMBER_PREFIX } from '@hk/domain/opening/account-number';
import { and, asc, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { applications, reviewCases, submissions } from '../../../db/schema';

// Opening (issue #15, docs/opening.md): the only code that writes an application's account number,
// BCAN and sell-only flag.

/**
 * One number of this key is given at a time, across every server process: a transaction-scoped
 * advisory lock, taken after the application's row lock (always in that order, so two openings
 * never wait on each other crosswise) and released by the commit.
 */
const NUMBERING_LOCK_KEY = 0x4f50454e; // "OPEN"

export async function lockNumbering(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK_KEY})`);
}

/** The highest account number given so far (ours all have the same length, so text order is numeric). */
export async function findHighestAccountNumber(tx: Tx): Promise<string | null> {
  const [row] = await tx
    .select({ n: applications.accountNumber })
    .from(applications)
    .where(like(applications.accountNumber, `${ACCOUNT_NUMBER_PREFIX}%`))
    .orderBy(desc(applications.accountNumber))
    .limit(1);
  return row?.n ?? null;
}

export async function findHighestBcan(tx: Tx): Promise<string | null> {
  const [row] = await tx
    .select({ n: applications.bcan })
    .from(applications)
    .where(sql`${applications.bcan} is not null`)
    .orderBy(desc(applications.bcan))
    .limit(1);
  return row?.n ?? null;
}

/**
 * Writes the numbers of an application that the status machine has just moved to 5 in this
 * transaction; conditional on it having none yet, so a number is never overwritten.
 */
export async function setOpenedAccount(
  tx: Tx,
  applicationId: string,
  set: { accountNumber: string; bcan: string | null; sellOnly: boolean; openedAt: Date },
): Promise<boolean> {
  const updated = await tx
    .update(applications)
    .set({ ...set, updatedAt: set.openedAt })
    .where(
      and(
        eq(applications.id, applicationId),
        eq(applications.status, ApplicationStatus.OPENED),
        isNull(applications.accountNumber),
      ),
    )
    .returning({ id: applications.id });
  return updated.length === 1;
}

/** Activated applications waiting to be opened, the longest waiting first (at most `limit`). */
export async function listActivatedApplications(db: Db, limit: number) {
  return db
    .select({
      id: applications.id,
      userId: applications.userId,
      markets: applications.markets,
      submittedAt: applications.submittedAt,
      activatedAt: applications.activatedAt,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .where(eq(applications.status, ApplicationStatus.ACTIVATED))
    .orderBy(asc(sql`coalesce(${applications.activatedAt}, ${applications.updatedAt})`), asc(applications.id))
    .limit(limit);
}

/** The latest submission of each application (its snapshot holds the answers that were approved). */
export async function findLatestSubmissions(db: Db | Tx, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return new Map<string, typeof submissions.$inferSelect>();
  const rows = await db
    .select()
    .from(submissions)
    .where(inArray(submissions.applicationId, [...applicationIds]))
    .orderBy(asc(submissions.applicationId), desc(submissions.number));
  const latest = new Map<string, typeof submissions.$inferSelect>();
  for (const row of rows) if (!latest.has(row.applicationId)) latest.set(row.applicationId, row);
  return latest;
}

/** The applicant's name as the review case keeps it (the latest case of each application). */
export async function findApplicantNamesOfApplications(db: Db | Tx, applicationIds: readonly string[]) {
  const names = new Map<string, string>();
  if (applicationIds.length === 0) return names;
  const rows = await db
    .select({ applicationId: reviewCases.applicationId, name: reviewCases.applicantName })
    .from(reviewCases)
    .where(inArray(reviewCases.applicationId, [...applicationIds]))
    .orderBy(asc(reviewCases.applicationId), desc(reviewCases.submissionNumber));
  for (const row of rows) if (!names.has(row.applicationId)) names.set(row.applicationId, row.name);
  return names;
}

/** What the `opened` notice says, read when it is sent (the outbox keeps no number). */
export async function findOpenedAccount(db: Db, applicationId: string) {
  const [row] = await db
    .select({ accountNumber: applications.accountNumber, sellOnly: applications.sellOnly })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row?.accountNumber ? { accountNumber: row.accountNumber, sellOnly: row.sellOnly === true } : null;
}

import { ApplicationStatus } from '@hk/domain';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  applicationEvents,
  applications,
  documents,
  legalHolds,
  remittances,
  reviewCaseEvents,
  reviewCases,
  reviewItemDecisions,
  staffAccessEvents,
  statementCredits,
  submissions,
} from '../../../db/schema';

// What an evidence pack and the records page read (issue #15, docs/evidence-pack.md). Reads only:
// nothing here deletes a record.

export type ApplicationRecordRow = typeof applications.$inferSelect;
export type LegalHoldRow = typeof legalHolds.$inferSelect;

export async function findApplicationRecord(db: Db | Tx, id: string): Promise<ApplicationRecordRow | null> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row ?? null;
}

/** Everything of one application the pack holds, each list in the order it happened. */
export async function loadApplicationRecords(db: Db, applicationId: string) {
  const cases = await db
    .select()
    .from(reviewCases)
    .where(eq(reviewCases.applicationId, applicationId))
    .orderBy(asc(reviewCases.submissionNumber));
  const caseIds = cases.map((c) => c.id);
  const [subs, docs, events, caseEvents, decisions, remittance, credits, holds] = await Promise.all([
    db
      .select()
      .from(submissions)
      .where(eq(submissions.applicationId, applicationId))
      .orderBy(asc(submissions.number)),
    // every document, those replaced or deleted after a refusal too
    db
      .select()
      .from(documents)
      .where(eq(documents.applicationId, applicationId))
      .orderBy(asc(documents.createdAt), asc(documents.id)),
    db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applicationId))
      .orderBy(asc(applicationEvents.id)),
    caseIds.length
      ? db
          .select()
          .from(reviewCaseEvents)
          .where(inArray(reviewCaseEvents.caseId, caseIds))
          .orderBy(asc(reviewCaseEvents.id))
      : Promise.resolve([]),
    caseIds.length
      ? db
          .select()
          .from(reviewItemDecisions)
          .where(inArray(reviewItemDecisions.caseId, caseIds))
          .orderBy(asc(reviewItemDecisions.decidedAt), asc(reviewItemDecisions.itemKey))
      : Promise.resolve([]),
    db.select().from(remittances).where(eq(remittances.applicationId, applicationId)),
    db
      .select()
      .from(statementCredits)
      .where(eq(statementCredits.applicationId, applicationId))
      .orderBy(asc(statementCredits.createdAt), asc(statementCredits.id)),
    listHolds(db, applicationId),
  ]);
  return {
    cases,
    submissions: subs,
    documents: docs,
    events,
    caseEvents,
    decisions,
    remittance: remittance[0] ?? null,
    credits,
    holds,
  };
}

/** The staff access log of one application, oldest first. */
export async function listAccessEvents(db: Db | Tx, applicationId: string) {
  return db
    .select()
    .from(staffAccessEvents)
    .where(eq(staffAccessEvents.applicationId, applicationId))
    .orderBy(asc(staffAccessEvents.id));
}

export async function listHolds(db: Db | Tx, applicationId: string): Promise<LegalHoldRow[]> {
  return db
    .select()
    .from(legalHolds)
    .where(eq(legalHolds.applicationId, applicationId))
    .orderBy(desc(legalHolds.placedAt), desc(legalHolds.id));
}

export async function insertHold(
  tx: Tx,
  row: { applicationId: string; reason: string; placedBy: string; placedAt: Date },
): Promise<LegalHoldRow> {
  const [hold] = await tx.insert(legalHolds).values(row).returning();
  return hold!;
}

/** Releases a hold that is not released yet (conditional: two releases, one wins). */
export async function releaseHoldIfActive(
  tx: Tx,
  applicationId: string,
  holdId: string,
  set: { releasedBy: string; releasedAt: Date; releaseReason: string },
): Promise<LegalHoldRow | null> {
  const [hold] = await tx
    .update(legalHolds)
    .set(set)
    .where(
      and(
        eq(legalHolds.id, holdId),
        eq(legalHolds.applicationId, applicationId),
        isNull(legalHolds.releasedAt),
      ),
    )
    .returning();
  return hold ?? null;
}

export async function findHold(db: Db | Tx, applicationId: string, holdId: string) {
  const [hold] = await db
    .select()
    .from(legalHolds)
    .where(and(eq(legalHolds.id, holdId), eq(legalHolds.applicationId, applicationId)))
    .limit(1);
  return hold ?? null;
}

/**
 * Applications whose retention clock may have run out by `cutoff` (their end or, for those never
 * opened, their last activity at or before it) and that no active hold stops: the disposal list's
 * candidates, which the domain rule then judges one by one. At most `limit`, the oldest first.
 */
export async function listDisposalCandidates(db: Db, cutoff: Date, limit: number) {
  const activeHold = sql`exists (select 1 from ${legalHolds} where ${legalHolds.applicationId} = ${applications.id} and ${legalHolds.releasedAt} is null)`;
  return db
    .select({
      id: applications.id,
      status: applications.status,
      relationshipEndedAt: applications.relationshipEndedAt,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .where(
      and(
        or(
          lte(applications.relationshipEndedAt, cutoff),
          and(
            isNull(applications.relationshipEndedAt),
            sql`${applications.status} <> ${ApplicationStatus.OPENED}`,
            lte(applications.updatedAt, cutoff),
          ),
        ),
        sql`not ${activeHold}`,
      ),
    )
    .orderBy(
      asc(sql`coalesce(${applications.relationshipEndedAt}, ${applications.updatedAt})`),
      asc(applications.id),
    )
    .limit(limit);
}

/** How many holds of each application are not released. */
export async function countActiveHolds(db: Db | Tx, applicationIds: readonly string[]) {
  const counts = new Map<string, number>();
  if (applicationIds.length === 0) return counts;
  const rows = await db
    .select({ id: legalHolds.applicationId, n: sql<number>`count(*)::int` })
    .from(legalHolds)
    .where(and(inArray(legalHolds.applicationId, [...applicationIds]), isNull(legalHolds.releasedAt)))
    .groupBy(legalHolds.applicationId);
  for (const r of rows) counts.set(r.id, Number(r.n));
  return counts;
}

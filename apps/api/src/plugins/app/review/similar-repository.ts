import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { clientFingerprints, reviewCases, sessions } from '../../../db/schema';

export interface Fingerprint {
  kind: string;
  valueHash: string;
}

/** The devices a user logged in from (the sessions' device ids). */
export async function listDeviceIdsOfUser(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.deviceId)));
  return rows.map((r) => r.deviceId!).filter(Boolean);
}

export async function insertFingerprints(tx: Tx, applicationId: string, prints: Fingerprint[], now: Date) {
  if (prints.length === 0) return;
  await tx
    .insert(clientFingerprints)
    .values(prints.map((p) => ({ applicationId, ...p, createdAt: now })))
    .onConflictDoNothing();
}

const matching = (prints: Fingerprint[]) =>
  or(
    ...prints.map((p) =>
      and(eq(clientFingerprints.kind, p.kind), eq(clientFingerprints.valueHash, p.valueHash)),
    ),
  );

/** Other applications sharing any of these fingerprints, each with the kinds it shares (at most `limit`). */
export async function findApplicationsSharing(
  db: Db | Tx,
  applicationId: string,
  prints: Fingerprint[],
  limit = 20,
): Promise<{ applicationId: string; kinds: string[] }[]> {
  if (prints.length === 0) return [];
  const rows = await db
    .select({
      applicationId: clientFingerprints.applicationId,
      kinds: sql<string[]>`array_agg(distinct ${clientFingerprints.kind})`,
    })
    .from(clientFingerprints)
    .where(and(ne(clientFingerprints.applicationId, applicationId), matching(prints)))
    .groupBy(clientFingerprints.applicationId)
    .limit(limit);
  return rows;
}

export async function listFingerprints(db: Db | Tx, applicationId: string): Promise<Fingerprint[]> {
  return db
    .select({ kind: clientFingerprints.kind, valueHash: clientFingerprints.valueHash })
    .from(clientFingerprints)
    .where(eq(clientFingerprints.applicationId, applicationId));
}

/**
 * Flags `caseId` and the open cases of every other application sharing a fingerprint with
 * `applicationId`, when there is one; answers whether there was. Two statements whatever the
 * number of matches (the other applications are found by a subquery, never sent back and forth),
 * and only cases still open and not yet flagged are written, so a value shared by many applications
 * locks few rows for the rest of the submission's transaction.
 */
export async function flagSimilar(tx: Tx, caseId: string, applicationId: string, prints: Fingerprint[]) {
  if (prints.length === 0) return false;
  const flag = 'similar_clients';
  const sharing = tx
    .selectDistinct({ applicationId: clientFingerprints.applicationId })
    .from(clientFingerprints)
    .where(and(ne(clientFingerprints.applicationId, applicationId), matching(prints)));
  const others = await tx
    .update(reviewCases)
    .set({ flags: sql`array_append(${reviewCases.flags}, ${flag})` })
    .where(
      and(
        inArray(reviewCases.applicationId, sharing),
        sql`${reviewCases.stage} in ('queued', 'in_review', 'recommended')`,
        sql`not (${flag} = any(${reviewCases.flags}))`,
      ),
    )
    .returning({ id: reviewCases.id });
  // the others may all be closed, or flagged already: this case is flagged whenever one matches
  const found = others.length > 0 || (await findApplicationsSharing(tx, applicationId, prints, 1)).length > 0;
  if (found)
    await tx
      .update(reviewCases)
      .set({ flags: sql`array_append(${reviewCases.flags}, ${flag})` })
      .where(and(eq(reviewCases.id, caseId), sql`not (${flag} = any(${reviewCases.flags}))`));
  return found;
}

/** The latest case of each application (its id and the applicant's name), for the case view's links. */
export async function latestCasesOf(
  db: Db | Tx,
  applicationIds: string[],
): Promise<Map<string, { id: string; applicantName: string }>> {
  const out = new Map<string, { id: string; applicantName: string }>();
  if (applicationIds.length === 0) return out;
  const rows = await db
    .select({
      id: reviewCases.id,
      applicationId: reviewCases.applicationId,
      applicantName: reviewCases.applicantName,
    })
    .from(reviewCases)
    .where(inArray(reviewCases.applicationId, applicationIds))
    .orderBy(desc(reviewCases.submissionNumber));
  for (const r of rows) if (!out.has(r.applicationId)) out.set(r.applicationId, r);
  return out;
}

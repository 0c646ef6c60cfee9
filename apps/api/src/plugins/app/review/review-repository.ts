import type { CaseStage } from '@hk/domain/review/decisions';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  applications,
  documents,
  reviewCaseEvents,
  reviewCases,
  reviewItemDecisions,
  reviewSearchKeys,
  staffAccessEvents,
  staffMembers,
  submissions,
  users,
} from '../../../db/schema';

// The review's tables (issue #14): cases, the current decision per item, the cases' events and the
// staff's reads. Only this file touches them.

export type ReviewCaseRow = typeof reviewCases.$inferSelect;
export type NewReviewCase = Omit<
  typeof reviewCases.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt'
>;
export type ItemDecisionRow = typeof reviewItemDecisions.$inferSelect;
export type CaseEventRow = typeof reviewCaseEvents.$inferSelect;
export type AccessEventRow = typeof staffAccessEvents.$inferSelect;
export const CASE_EVENT_TYPES = [
  'assigned',
  'item_decided',
  'returned',
  'recommended',
  'approved',
  'declined',
] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

export async function insertReviewCase(
  tx: Tx | Db,
  values: NewReviewCase,
  now: Date,
): Promise<ReviewCaseRow> {
  const [row] = await tx
    .insert(reviewCases)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** The case of an application's latest submission before `beforeNumber` (a re-submission's previous case). */
export async function findPreviousCase(
  tx: Tx | Db,
  applicationId: string,
  beforeNumber: number,
): Promise<ReviewCaseRow | null> {
  const [row] = await tx
    .select()
    .from(reviewCases)
    .where(and(eq(reviewCases.applicationId, applicationId), lt(reviewCases.submissionNumber, beforeNumber)))
    .orderBy(desc(reviewCases.submissionNumber))
    .limit(1);
  return row ?? null;
}

export async function findCase(db: Db | Tx, id: string): Promise<ReviewCaseRow | null> {
  const [row] = await db.select().from(reviewCases).where(eq(reviewCases.id, id)).limit(1);
  return row ?? null;
}

/** The case, locked for the rest of the transaction: every write to one case is serialised on it. */
export async function lockCase(tx: Tx, id: string): Promise<ReviewCaseRow | null> {
  const [row] = await tx.select().from(reviewCases).where(eq(reviewCases.id, id)).for('update').limit(1);
  return row ?? null;
}

/**
 * Changes a case only when its version is still `version`, and bumps it: null when another write
 * came first (the caller then answers 409 and its transaction writes nothing).
 */
export async function updateCaseIfVersion(
  tx: Tx,
  id: string,
  version: number,
  change: Partial<Omit<typeof reviewCases.$inferInsert, 'id' | 'version'>>,
  now: Date,
): Promise<ReviewCaseRow | null> {
  const [row] = await tx
    .update(reviewCases)
    .set({ ...change, version: sql`${reviewCases.version} + 1`, updatedAt: now })
    .where(and(eq(reviewCases.id, id), eq(reviewCases.version, version)))
    .returning();
  return row ?? null;
}

export async function listCasesOfApplication(db: Db | Tx, applicationId: string): Promise<ReviewCaseRow[]> {
  return db
    .select()
    .from(reviewCases)
    .where(eq(reviewCases.applicationId, applicationId))
    .orderBy(asc(reviewCases.submissionNumber));
}

export async function listDecisions(db: Db | Tx, caseId: string): Promise<ItemDecisionRow[]> {
  return db.select().from(reviewItemDecisions).where(eq(reviewItemDecisions.caseId, caseId));
}

/** Sets the decision on one item (replacing the one before: the history is in the events). */
export async function upsertDecision(tx: Tx, row: ItemDecisionRow): Promise<void> {
  const { caseId: _c, itemKey: _k, ...change } = row;
  await tx
    .insert(reviewItemDecisions)
    .values(row)
    .onConflictDoUpdate({ target: [reviewItemDecisions.caseId, reviewItemDecisions.itemKey], set: change });
}

export async function insertCaseEvent(
  tx: Tx | Db,
  event: {
    caseId: string;
    type: CaseEventType;
    actorId: string | null;
    previous: Record<string, unknown> | null;
    next: Record<string, unknown> | null;
  },
  now: Date,
): Promise<void> {
  await tx.insert(reviewCaseEvents).values({ ...event, createdAt: now });
}

export async function listCaseEvents(db: Db | Tx, caseId: string): Promise<CaseEventRow[]> {
  return db
    .select()
    .from(reviewCaseEvents)
    .where(eq(reviewCaseEvents.caseId, caseId))
    .orderBy(asc(reviewCaseEvents.id));
}

export async function insertAccessEvent(
  db: Db | Tx,
  event: Omit<typeof staffAccessEvents.$inferInsert, 'id' | 'createdAt'>,
  now: Date,
): Promise<void> {
  await db.insert(staffAccessEvents).values({ ...event, createdAt: now });
}

export async function listAccessEventsOfApplication(
  db: Db | Tx,
  applicationId: string,
  limit: number,
): Promise<AccessEventRow[]> {
  return db
    .select()
    .from(staffAccessEvents)
    .where(eq(staffAccessEvents.applicationId, applicationId))
    .orderBy(desc(staffAccessEvents.id))
    .limit(limit);
}

/** A staff member's reads of sensitive data, newest first (audit.read). */
export async function listAccessEventsOfStaff(
  db: Db | Tx,
  staffId: string,
  limit: number,
): Promise<AccessEventRow[]> {
  return db
    .select()
    .from(staffAccessEvents)
    .where(eq(staffAccessEvents.staffId, staffId))
    .orderBy(desc(staffAccessEvents.id))
    .limit(limit);
}

/** Display names of staff members by id (the queue's assignees, the events' actors). */
/** `id → value` for these ids (each asked once; none asked, no query). */
async function mapByIds(
  ids: readonly string[],
  load: (unique: string[]) => Promise<{ id: string; value: string }[]>,
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await load(unique)).map((r) => [r.id, r.value]));
}

export function findStaffNames(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  return mapByIds(ids, (unique) =>
    db
      .select({ id: staffMembers.id, value: staffMembers.displayName })
      .from(staffMembers)
      .where(inArray(staffMembers.id, unique)),
  );
}

/** The applicant's name on each of these cases (the audit's rows), in one query. */
export function findApplicantNames(db: Db | Tx, caseIds: readonly string[]): Promise<Map<string, string>> {
  return mapByIds(caseIds, (unique) =>
    db
      .select({ id: reviewCases.id, value: reviewCases.applicantName })
      .from(reviewCases)
      .where(inArray(reviewCases.id, unique)),
  );
}

/** The kind of each of these documents, deleted ones included (a read of evidence names its kind). */
export function findDocumentKinds(db: Db | Tx, documentIds: readonly string[]): Promise<Map<string, string>> {
  return mapByIds(documentIds, (unique) =>
    db
      .select({ id: documents.id, value: documents.kind })
      .from(documents)
      .where(inArray(documents.id, unique)),
  );
}

export interface QueueFilter {
  stage?: CaseStage | undefined;
  queue?: string | undefined;
  flag?: string | undefined;
  /** A staff id, or null for unassigned cases. */
  assigneeId?: string | null | undefined;
  overdue?: boolean | undefined;
  submittedBefore?: Date | undefined;
  /** A search, hashed (search-service.ts): an id, a digits key, or name keys that must all match. */
  search?: HashedSearch | undefined;
  now: Date;
}

export type HashedSearch =
  | { kind: 'id'; id: string }
  | { kind: 'digits'; hash: string }
  | { kind: 'name'; hashes: string[] };

function searchWhere(s: HashedSearch): SQL {
  if (s.kind === 'id') return or(eq(reviewCases.applicationId, s.id), eq(reviewCases.id, s.id))!;
  if (s.kind === 'digits')
    return inArray(
      reviewCases.applicationId,
      sql`(select ${reviewSearchKeys.applicationId} from ${reviewSearchKeys} where ${reviewSearchKeys.kind} = 'digits' and ${reviewSearchKeys.valueHash} = ${s.hash})`,
    );
  // every token of the query among the application's name keys (the index holds kind, hash, id)
  return inArray(
    reviewCases.applicationId,
    sql`(select ${reviewSearchKeys.applicationId} from ${reviewSearchKeys} where ${reviewSearchKeys.kind} = 'name' and ${inArray(reviewSearchKeys.valueHash, s.hashes)} group by ${reviewSearchKeys.applicationId} having count(distinct ${reviewSearchKeys.valueHash}) = ${s.hashes.length})`,
  );
}

/** The application's search keys, replaced by this submission's (a name may have changed). */
export async function replaceSearchKeys(
  tx: Tx | Db,
  applicationId: string,
  keys: readonly { kind: string; valueHash: string }[],
  now: Date,
): Promise<void> {
  await tx.delete(reviewSearchKeys).where(eq(reviewSearchKeys.applicationId, applicationId));
  if (keys.length > 0)
    await tx
      .insert(reviewSearchKeys)
      .values(keys.map((k) => ({ applicationId, ...k, createdAt: now })))
      .onConflictDoNothing();
}

/** Applications with a submission and no search key yet: the start-up backfill. */
export async function listApplicationsWithoutSearchKeys(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: submissions.applicationId })
    .from(submissions)
    .where(
      sql`not exists (select 1 from ${reviewSearchKeys} k where k.application_id = ${submissions.applicationId})`,
    );
  return rows.map((r) => r.id);
}

/**
 * The counted total stops here: counting every open case of a million on each page would cost more
 * than the page; the console shows "more than 10,000" past it.
 */
export const QUEUE_COUNT_CAP = 10_000;

function queueWhere(f: QueueFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    // the open stages as the partial indexes are written, so the planner can use them
    f.stage
      ? eq(reviewCases.stage, f.stage)
      : sql`${reviewCases.stage} in ('queued', 'in_review', 'recommended')`,
    f.queue ? eq(reviewCases.queue, f.queue) : undefined,
    f.flag ? sql`${reviewCases.flags} @> array[${f.flag}]::text[]` : undefined,
    f.assigneeId === null
      ? isNull(reviewCases.assigneeId)
      : f.assigneeId
        ? eq(reviewCases.assigneeId, f.assigneeId)
        : undefined,
    f.overdue === true
      ? lt(reviewCases.dueAt, f.now)
      : f.overdue === false
        ? gte(reviewCases.dueAt, f.now)
        : undefined,
    f.submittedBefore ? lte(reviewCases.submittedAt, f.submittedBefore) : undefined,
    f.search ? searchWhere(f.search) : undefined,
  ];
  return and(...where.filter((w): w is SQL => w !== undefined));
}

/**
 * The two statements of a queue page: the page's rows (with the assignee's name) and the capped
 * count. Built apart from `queryQueue` so `npm run bench:queue` can EXPLAIN the very statements
 * the console runs.
 */
export function queueQueries(
  db: Db,
  filter: QueueFilter,
  sort: 'due' | 'submitted' | '-submitted',
  page: { offset: number; limit: number },
) {
  const where = queueWhere(filter);
  const order =
    sort === 'due'
      ? [asc(reviewCases.dueAt), asc(reviewCases.id)]
      : sort === 'submitted'
        ? [asc(reviewCases.submittedAt), asc(reviewCases.id)]
        : [desc(reviewCases.submittedAt), desc(reviewCases.id)];
  const rows = db
    .select({ c: reviewCases, assigneeName: staffMembers.displayName })
    .from(reviewCases)
    .leftJoin(staffMembers, eq(staffMembers.id, reviewCases.assigneeId))
    .where(where)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
  const capped = db
    .select({ one: sql`1` })
    .from(reviewCases)
    .where(where)
    .limit(QUEUE_COUNT_CAP + 1)
    .as('capped');
  const count = db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return { rows, count };
}

export async function queryQueue(
  db: Db,
  filter: QueueFilter,
  sort: 'due' | 'submitted' | '-submitted',
  page: { offset: number; limit: number },
): Promise<{ rows: (ReviewCaseRow & { assigneeName: string | null })[]; total: number }> {
  const q = queueQueries(db, filter, sort, page);
  const rows = await q.rows;
  const [counted] = await q.count;
  return {
    rows: rows.map((r) => ({ ...r.c, assigneeName: r.assigneeName })),
    total: Number(counted?.n ?? 0),
  };
}

/** Applications submitted (status 1) whose latest submission has no case: the start-up data migration. */
export async function listSubmissionsWithoutCase(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(applications, eq(applications.id, submissions.applicationId))
    .where(
      and(
        eq(applications.status, 1),
        sql`${submissions.number} = (select max(s2.number) from submissions s2 where s2.application_id = ${submissions.applicationId})`,
        sql`not exists (select 1 from review_cases c where c.submission_id = ${submissions.id})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The applicant's sealed mobile (for the search keys; decrypted by the caller, never kept in clear). */
export async function findSealedMobileOfApplication(
  db: Db | Tx,
  applicationId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ mobileEnc: users.mobileEnc })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row?.mobileEnc ?? null;
}

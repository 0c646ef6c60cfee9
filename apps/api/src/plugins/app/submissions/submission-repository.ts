import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { applicationEvents, submissions } from '../../../db/schema';

export type SubmissionRow = typeof submissions.$inferSelect;

export async function countSubmissions(tx: Tx | Db, applicationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.applicationId, applicationId));
  return Number(row?.n ?? 0);
}

/** Inserts a snapshot; nothing ever updates or deletes one (a trigger refuses it). */
export async function insertSubmission(
  tx: Tx,
  row: Omit<typeof submissions.$inferInsert, 'id'>,
): Promise<SubmissionRow> {
  const [inserted] = await tx.insert(submissions).values(row).returning();
  return inserted!;
}

/** The latest submission of an application (the highest number), if any. */
export async function findLatestSubmission(
  db: Db | Tx,
  applicationId: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(eq(submissions.applicationId, applicationId))
    .orderBy(desc(submissions.number))
    .limit(1);
  return row;
}

/**
 * The submission a submit call with this idempotency key made, if one did: the key is kept in the
 * `submission_created` event's data (no column of its own), looked up under the application's lock.
 */
export async function findSubmissionOfIdempotencyKey(
  tx: Tx,
  applicationId: string,
  key: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .select({ submission: submissions })
    .from(applicationEvents)
    .innerJoin(submissions, eq(submissions.id, sql`(${applicationEvents.data}->>'submission_id')::uuid`))
    .where(
      and(
        eq(applicationEvents.applicationId, applicationId),
        eq(applicationEvents.type, 'submission_created'),
        sql`${applicationEvents.data}->>'idempotency_key' = ${key}`,
      ),
    )
    .limit(1);
  return row?.submission;
}

/** A submission of an application: the given number, else the latest; null when there is none. */
export async function findSubmissionOfApplication(
  db: Db | Tx,
  applicationId: string,
  number?: number,
): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(
      number === undefined
        ? eq(submissions.applicationId, applicationId)
        : and(eq(submissions.applicationId, applicationId), eq(submissions.number, number)),
    )
    .orderBy(desc(submissions.number))
    .limit(1);
  return row ?? null;
}

/** One submission by its id; null when there is none. */
export async function findSubmissionById(db: Db | Tx, id: string): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  return row ?? null;
}

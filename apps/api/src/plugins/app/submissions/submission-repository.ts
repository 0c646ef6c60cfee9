import { asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { submissions } from '../../../db/schema';

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

export async function listSubmissions(db: Db | Tx, applicationId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(eq(submissions.applicationId, applicationId))
    .orderBy(asc(submissions.number));
}

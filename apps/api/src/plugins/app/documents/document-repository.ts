import { and, asc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { documents, submissions } from '../../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Omit<typeof documents.$inferInsert, 'id' | 'deletedAt'>;

export async function listActiveDocuments(db: Db | Tx, applicationId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), isNull(documents.deletedAt)))
    .orderBy(asc(documents.createdAt));
}

/** The caller's own, not deleted document; anything else is "not found" (no existence oracle). */
export async function findActiveDocumentOfUser(
  db: Db | Tx,
  userId: string,
  documentId: string,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId), isNull(documents.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function listActiveDocumentsOfKind(
  tx: Tx,
  applicationId: string,
  kind: string,
): Promise<DocumentRow[]> {
  return tx
    .select()
    .from(documents)
    .where(
      and(eq(documents.applicationId, applicationId), eq(documents.kind, kind), isNull(documents.deletedAt)),
    );
}

export async function insertDocument(tx: Tx, row: NewDocument): Promise<DocumentRow> {
  const [inserted] = await tx.insert(documents).values(row).returning();
  return inserted!;
}

/** Soft-deletes live documents by id; answers the storage keys of those it deleted. */
export async function softDeleteDocuments(tx: Tx, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(documents)
    .set({ deletedAt: now })
    .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)))
    .returning({ storageKey: documents.storageKey });
  return rows.map((r) => r.storageKey);
}

/**
 * A document named by one of its application's submissions is evidence (issue #14: record keeping
 * under AMLO, the relationship plus five years): replaced or deleted by the applicant, its row is
 * soft-deleted but its bytes stay, sealed, out of the applicant's reach, for the back office.
 */
const IS_EVIDENCE = sql`exists (select 1 from ${submissions} s where s.application_id = ${documents.applicationId}
  and s.snapshot -> 'documents' @> jsonb_build_array(jsonb_build_object('id', ${documents.id}::text)))`;

/** Of these storage keys, the ones whose bytes must stay: a live (not deleted) document's, or evidence. */
export async function findLiveStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(and(inArray(documents.storageKey, keys), or(isNull(documents.deletedAt), IS_EVIDENCE)));
  return new Set(rows.map((r) => r.storageKey));
}

/** Of these documents, the storage keys of those that are no submission's evidence (their bytes may go). */
export async function findDisposableStorageKeys(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(and(inArray(documents.id, ids), not(IS_EVIDENCE)));
  return rows.map((r) => r.storageKey);
}

/** Documents of an application by id, deleted ones included (a submission's snapshot names them). */
export async function listDocumentsOfApplicationByIds(
  db: Db | Tx,
  applicationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  return db
    .select({ id: documents.id, createdAt: documents.createdAt, storageKey: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), inArray(documents.id, [...ids])));
}

import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { documents } from '../../../db/schema';

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

/** Of these storage keys, the ones that belong to a live (not deleted) document. */
export async function findLiveStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(and(inArray(documents.storageKey, keys), isNull(documents.deletedAt)));
  return new Set(rows.map((r) => r.storageKey));
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

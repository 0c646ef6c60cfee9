import type { DocumentKind } from '@hk/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { applications, documents } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { type ApplicationRow, checkIsEditable } from '../application/application-repository';
import { idStepResetPatch } from '../application/id-step-reset';

export type DocumentRow = typeof documents.$inferSelect;

export async function listActiveDocuments(db: Db, applicationId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), isNull(documents.deletedAt)))
    .orderBy(asc(documents.createdAt));
}

/** The caller's own, not deleted document; anything else is "not found" (no existence oracle). */
export async function findActiveDocumentOfUser(
  db: Db,
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

/**
 * Locks the application row for the rest of the transaction (uploads and deletions of one
 * application are serialised) and refuses a submitted one.
 */
async function lockEditableApplication(tx: Tx, applicationId: string): Promise<ApplicationRow> {
  const [app] = await tx
    .select()
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update')
    .limit(1);
  if (!app) throw new AppError('APPLICATION_NOT_FOUND');
  if (!checkIsEditable(app)) throw new AppError('APPLICATION_LOCKED');
  return app;
}

/** A new photo makes a confirmed ID step unconfirmed again (the details must be re-checked). */
async function touchApplication(tx: Tx, app: ApplicationRow, now: Date) {
  await tx
    .update(applications)
    .set({
      updatedAt: now,
      ...(app.idConfirmedAt ? idStepResetPatch(app, { clearIdNumber: false }) : {}),
    })
    .where(eq(applications.id, app.id));
}

/**
 * Inserts the new document and soft-deletes the previous one of the same kind, in one
 * transaction. Answers the storage keys whose files the caller removes after the commit.
 */
export async function insertReplacingDocument(
  db: Db,
  input: {
    userId: string;
    applicationId: string;
    kind: DocumentKind;
    storageKey: string;
    mime: string;
    size: number;
    width: number;
    height: number;
    sha256: string;
    now: Date;
  },
): Promise<{ document: DocumentRow; replacedKeys: string[] }> {
  return db.transaction(async (tx) => {
    const app = await lockEditableApplication(tx, input.applicationId);
    const replaced = await tx
      .update(documents)
      .set({ deletedAt: input.now })
      .where(
        and(
          eq(documents.applicationId, input.applicationId),
          eq(documents.kind, input.kind),
          isNull(documents.deletedAt),
        ),
      )
      .returning({ storageKey: documents.storageKey });
    const [document] = await tx
      .insert(documents)
      .values({
        userId: input.userId,
        applicationId: input.applicationId,
        kind: input.kind,
        storageKey: input.storageKey,
        mime: input.mime,
        size: input.size,
        width: input.width,
        height: input.height,
        sha256: input.sha256,
        createdAt: input.now,
      })
      .returning();
    await touchApplication(tx, app, input.now);
    return { document: document!, replacedKeys: replaced.map((r) => r.storageKey) };
  });
}

/** Soft-deletes the caller's document; answers its storage key, or null when it is not theirs. */
export async function softDeleteDocumentOfUser(
  db: Db,
  userId: string,
  documentId: string,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId), isNull(documents.deletedAt)))
      .limit(1);
    if (!doc) return null;
    const app = await lockEditableApplication(tx, doc.applicationId);
    const rows = await tx
      .update(documents)
      .set({ deletedAt: now })
      .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
      .returning({ storageKey: documents.storageKey });
    if (rows.length === 0) return null; // deleted concurrently
    await touchApplication(tx, app, now);
    return doc.storageKey;
  });
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

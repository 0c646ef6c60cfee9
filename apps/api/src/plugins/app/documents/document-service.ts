import { createHash } from 'node:crypto';
import { type DocumentKind, maxDocuments, type StepId, stepOfDocumentKind } from '@hk/domain';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { type EventMeta, recordEvent } from '../events/event-repository';
import type { PendingRemoval } from '../files/file-store';
import { lockEditableApplicationOfUser, lockStepRow } from '../steps/step-repository';
import { writeStep } from '../steps/step-service';
import {
  type DocumentRow,
  findActiveDocumentOfUser,
  insertDocument,
  listActiveDocumentsOfKind,
  softDeleteDocuments,
} from './document-repository';
import { cleanUploadedImage } from './image';

/**
 * An uploaded image from request to storage: checked and re-encoded (metadata gone), sealed and
 * staged in the file store, then, in one transaction with the application locked, its row
 * inserted (replacing the previous file of a one-file kind), the bytes attached (database store:
 * in the same transaction) and its step told that its documents changed, which unconfirms it and
 * reopens what rests on it. A document of one step never touches another step.
 */
export async function storeUploadedImage(
  ctx: AppContext,
  input: { userId: string; kind: DocumentKind; bytes: Buffer; meta: EventMeta },
): Promise<DocumentRow> {
  const step = stepOfDocumentKind(input.kind);
  if (!step) throw new AppError('VALIDATION_FAILED', { kind: 'document_kind_invalid' });
  const image = await cleanUploadedImage(input.bytes);
  const staged = await ctx.files.stage(image.bytes);
  const now = ctx.now();
  let removals: PendingRemoval[] = [];
  let document: DocumentRow;
  try {
    document = await ctx.db.transaction(async (tx) => {
      const app = await lockEditableApplicationOfUser(tx, input.userId);
      await requireStepReady(tx, app.id, step.id, now);
      const existing = await listActiveDocumentsOfKind(tx, app.id, input.kind);
      const max = maxDocuments(step, input.kind);
      // a one-file kind (an ID side) is replaced; a several-file kind (proofs) is capped
      const replaced = max === 1 ? existing : [];
      if (max > 1 && existing.length >= max) throw new AppError('UPLOAD_COUNT_EXCEEDED');
      const replacedKeys = await softDeleteDocuments(
        tx,
        replaced.map((d) => d.id),
        now,
      );
      await staged.attach(tx);
      const row = await insertDocument(tx, {
        userId: input.userId,
        applicationId: app.id,
        step: step.id,
        kind: input.kind,
        storageKey: staged.key,
        mime: image.mime,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(image.bytes).digest('hex'),
        createdAt: now,
      });
      removals = await Promise.all(replacedKeys.map((key) => ctx.files.remove(tx, key)));
      await recordEvent(tx, input.meta, {
        type: 'document_uploaded',
        applicationId: app.id,
        userId: input.userId,
        step: step.id,
        data: { document_id: row.id, kind: input.kind, replaced: replaced.map((d) => d.id) },
        at: now,
      });
      await writeStep(tx, { vault: ctx.vault, now, meta: input.meta }, app, step.id, {
        documentsChanged: [input.kind],
      });
      return row;
    });
  } catch (err) {
    await staged.discard();
    throw err;
  }
  await Promise.all(removals.map((r) => r.afterCommit()));
  return document;
}

/** Steps whose uploads need an earlier answer: the identity photos need the ID's location. */
async function requireStepReady(
  tx: Parameters<typeof lockStepRow>[0],
  applicationId: string,
  step: StepId,
  now: Date,
) {
  if (step !== 'identity') return;
  const row = await lockStepRow(tx, applicationId, step, now);
  if (!row.answers.id_location) throw new AppError('STEP_NOT_READY');
}

/** Deletes the caller's document (its row soft-deleted, its bytes removed), reopening its step. */
export async function deleteDocumentOfUser(
  ctx: AppContext,
  input: { userId: string; documentId: string; meta: EventMeta },
): Promise<void> {
  const now = ctx.now();
  const removal = await ctx.db.transaction(async (tx) => {
    const doc = await findActiveDocumentOfUser(tx, input.userId, input.documentId);
    if (!doc) throw new AppError('DOCUMENT_NOT_FOUND');
    const app = await lockEditableApplicationOfUser(tx, input.userId);
    const [key] = await softDeleteDocuments(tx, [doc.id], now);
    if (!key) throw new AppError('DOCUMENT_NOT_FOUND');
    const pending = await ctx.files.remove(tx, key);
    await recordEvent(tx, input.meta, {
      type: 'document_deleted',
      applicationId: app.id,
      userId: input.userId,
      step: doc.step,
      data: { document_id: doc.id, kind: doc.kind },
      at: now,
    });
    await writeStep(tx, { vault: ctx.vault, now, meta: input.meta }, app, doc.step as StepId, {
      documentsChanged: [doc.kind],
    });
    return pending;
  });
  await removal.afterCommit();
}

import { createHash } from 'node:crypto';
import {
  checkIsEditableStatus,
  type DocumentKind,
  ErrorCode,
  lockedErrorOf,
  maxDocuments,
  type StepId,
  stepOfDocumentKind,
} from '@hk/domain';
import { checkIsPdfKind, PDF_MIME } from '@hk/domain/steps/address/address-proof';
import {
  checkIsFaceVideoDuration,
  FACE_VIDEO_MAX_BYTES,
  type FACE_VIDEO_MIME_TYPES,
} from '@hk/domain/steps/identity-media/form';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { checkActionBudget, requireActionBudget } from '../budgets/action-budget';
import { type EventMeta, recordEvent } from '../events/event-repository';
import type { PendingRemoval } from '../files/file-store';
import { consumeLiveCode, requireIdentityMediaWindow } from '../identity-media/identity-media-service';
import {
  findApplicationByUser,
  findStepRow,
  lockEditableApplicationOfUser,
  lockStepRow,
} from '../steps/step-repository';
import { writeStep } from '../steps/step-service';
import {
  type DocumentRow,
  findActiveDocumentOfUser,
  findDisposableStorageKeys,
  insertDocument,
  listActiveDocumentsOfKind,
  softDeleteDocuments,
} from './document-repository';
import { type CleanImage, checkUploadedImageHeader } from './image';
import type { VideoContainer } from './video';

/** A PDF is recognised by its first bytes (ISO 32000: `%PDF-`), never by its name or declared type. */
function checkIsPdfContent(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** A stored file: a cleaned image, a re-serialised PDF, or a checked face video kept as it was sent. */
type CleanFile = Omit<CleanImage, 'mime'> & {
  mime: CleanImage['mime'] | typeof PDF_MIME | (typeof FACE_VIDEO_MIME_TYPES)[number];
};

/** Bytes back from a worker thread arrive as a plain Uint8Array: a Buffer view of the same memory. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A face video (issue #7 step 2): WebM or MP4 decided by its content (never its name or declared
 * type), at most 10 MB, 3 to 10 seconds long by its frames' timestamps (video.ts). Kept as sent:
 * a recording of the camera carries no location or device metadata worth stripping by re-encoding.
 */
const VIDEO_CONTAINERS: Readonly<Record<string, VideoContainer>> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4', // an MPEG-4 file branded M4V, as some recorders write it
};

async function checkUploadedVideo(ctx: AppContext, bytes: Buffer): Promise<CleanFile> {
  if (bytes.length > FACE_VIDEO_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const type = await fileTypeFromBuffer(bytes);
  const container = type ? VIDEO_CONTAINERS[type.mime] : undefined;
  if (!container) throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'face_video_file_type' });
  const mime = container === 'webm' ? 'video/webm' : 'video/mp4';
  const durationMs = await ctx.heavy.run('videoDuration', { bytes, container });
  if (durationMs === null) throw new AppError('UPLOAD_UNREADABLE');
  if (!checkIsFaceVideoDuration(durationMs)) throw new AppError('VIDEO_DURATION_REFUSED');
  return { bytes, mime, width: 0, height: 0 };
}

/**
 * The upload's content, decided by its bytes: a PDF for the kinds that take one (the address
 * proof's e-statement: checked by allow-list and re-serialised by pdf.ts), else an image,
 * re-encoded (image.ts). The cheap checks (type by magic bytes, an image's dimensions from its
 * header) run here; the decoding and parsing run in the heavy-work pool, off the event loop.
 * A kind that takes a PDF says so when it refuses a file of another type.
 */
async function cleanUpload(ctx: AppContext, kind: DocumentKind, bytes: Buffer): Promise<CleanFile> {
  if (kind === 'face_video') return checkUploadedVideo(ctx, bytes);
  const takesPdf = checkIsPdfKind(kind);
  if (checkIsPdfContent(bytes)) {
    if (!takesPdf) throw new AppError('UPLOAD_TYPE_REFUSED');
    const clean = await ctx.heavy.run('pdf', bytes);
    return { bytes: asBuffer(clean), mime: PDF_MIME, width: 0, height: 0 };
  }
  try {
    await checkUploadedImageHeader(bytes);
  } catch (err) {
    if (takesPdf && err instanceof AppError && err.code === 'UPLOAD_TYPE_REFUSED')
      throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'address_proof_file_type' });
    throw err;
  }
  const image = await ctx.heavy.run('image', bytes);
  return { ...image, bytes: asBuffer(image.bytes) };
}

/**
 * An uploaded file from request to storage: the application and step checked (read-only), then an
 * image checked and re-encoded (metadata gone), or a PDF e-statement checked and re-serialised
 * (address proof only), sealed and staged in the file store, then, in one transaction with the application locked, its row
 * inserted (replacing the previous file of a one-file kind), the bytes attached (database store:
 * in the same transaction) and its step told that its documents changed, which unconfirms it and
 * reopens what rests on it. A document of one step never touches another step. A kind that takes
 * a PDF holds one PDF alone or images only (issue #6 step 1: 1–3 images or one PDF).
 */
export async function storeUploadedDocument(
  ctx: AppContext,
  input: {
    userId: string;
    kind: DocumentKind;
    bytes: Buffer;
    meta: EventMeta;
    liveCodeId?: string | undefined;
  },
): Promise<DocumentRow> {
  const step = stepOfDocumentKind(input.kind);
  if (!step) throw new AppError('VALIDATION_FAILED', { kind: 'document_kind_invalid' });
  // the transaction's own checks, read-only, before any costly work: a session without an
  // application, or a step not open yet, costs a query, not a parse
  const applicationId = await ctx.db.transaction((tx) =>
    requireUploadAllowed(tx, input.userId, step.id, ctx.now()),
  );
  const file = await cleanUpload(ctx, input.kind, input.bytes).catch(async (err: unknown) => {
    // a refused file spends the upload budget like a stored one (action-budget.ts), and is on record
    if (err instanceof AppError)
      await recordEvent(ctx.db, input.meta, {
        type: 'upload_refused',
        applicationId,
        userId: input.userId,
        step: step.id,
        data: { kind: input.kind, status: ErrorCode[err.code], size: input.bytes.length },
        at: ctx.now(),
      });
    throw err;
  });
  const staged = await ctx.files.stage(file.bytes);
  const now = ctx.now();
  let removals: PendingRemoval[] = [];
  let document: DocumentRow;
  try {
    document = await ctx.db.transaction(async (tx) => {
      const app = await lockEditableApplicationOfUser(tx, input.userId);
      await requireStepReady(tx, app.id, step.id, now);
      // every row counts, replaced ones too: a replaced file is kept as history (issue #12 item 8)
      await requireActionBudget(tx, app.id, 'upload', now);
      const existing = await listActiveDocumentsOfKind(tx, app.id, input.kind);
      const max = maxDocuments(step, input.kind);
      // a one-file kind (an ID side) is replaced; a several-file kind (proofs) is capped
      const replaced = max === 1 ? existing : [];
      if (max > 1 && existing.length >= max) throw new AppError('UPLOAD_COUNT_EXCEEDED');
      // one PDF stands alone: not beside images, not a second one
      if (existing.length > 0 && (file.mime === PDF_MIME || existing.some((d) => d.mime === PDF_MIME)))
        throw new AppError('UPLOAD_COUNT_EXCEEDED', { file: 'address_proof_too_many' });
      // a replaced file that a submission names is evidence: its row goes, its bytes stay
      const disposable = new Set(
        await findDisposableStorageKeys(
          tx,
          replaced.map((d) => d.id),
        ),
      );
      const replacedKeys = (
        await softDeleteDocuments(
          tx,
          replaced.map((d) => d.id),
          now,
        )
      ).filter((key) => disposable.has(key));
      await staged.attach(tx);
      const row = await insertDocument(tx, {
        userId: input.userId,
        applicationId: app.id,
        step: step.id,
        kind: input.kind,
        storageKey: staged.key,
        mime: file.mime,
        size: file.bytes.length,
        width: file.width,
        height: file.height,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        createdAt: now,
      });
      // a face video names the digits it was recorded with: single use, this application's
      if (input.kind === 'face_video')
        await consumeLiveCode(tx, {
          applicationId: app.id,
          liveCodeId: input.liveCodeId,
          documentId: row.id,
          now,
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

/**
 * Steps whose uploads need an earlier answer: the ID photos need the ID's location; the identity
 * photos or face video need the recording heard less than 5 minutes ago (2005, 2014). In the
 * upload's transaction the step row is locked (`lock`); the early check only reads it.
 */
async function requireStepReady(
  tx: Tx,
  applicationId: string,
  step: StepId,
  now: Date,
  opts: { lock: boolean } = { lock: true },
) {
  if (step === 'identity_media') {
    await requireIdentityMediaWindow(tx, applicationId, now);
    return;
  }
  if (step !== 'identity') return;
  const row = opts.lock
    ? await lockStepRow(tx, applicationId, step, now)
    : await findStepRow(tx, applicationId, step);
  if (!row?.answers.id_location) throw new AppError('STEP_NOT_READY');
}

/**
 * What the upload's transaction will require (an application, still editable, its step ready),
 * checked without locking anything. The transaction checks it all again: it stays the authority.
 */
async function requireUploadAllowed(tx: Tx, userId: string, step: StepId, now: Date): Promise<string> {
  const app = await findApplicationByUser(tx, userId);
  if (!app) throw new AppError('APPLICATION_NOT_FOUND');
  if (!checkIsEditableStatus(app.status)) throw new AppError(lockedErrorOf(app.status));
  await requireStepReady(tx, app.id, step, now, { lock: false });
  await checkActionBudget(tx, app.id, 'upload', now);
  return app.id;
}

/**
 * Deletes the caller's document (its row soft-deleted, its bytes removed unless a submission names
 * it), reopening its step.
 */
export async function deleteDocumentOfUser(
  ctx: AppContext,
  input: { userId: string; documentId: string; meta: EventMeta },
): Promise<void> {
  const now = ctx.now();
  const removal = await ctx.db.transaction(async (tx) => {
    const doc = await findActiveDocumentOfUser(tx, input.userId, input.documentId);
    if (!doc) throw new AppError('DOCUMENT_NOT_FOUND');
    const app = await lockEditableApplicationOfUser(tx, input.userId);
    const disposable = await findDisposableStorageKeys(tx, [doc.id]);
    const [key] = await softDeleteDocuments(tx, [doc.id], now);
    if (!key) throw new AppError('DOCUMENT_NOT_FOUND');
    // a document a submission names is evidence (issue #14): its bytes stay
    const pending = disposable.includes(key)
      ? await ctx.files.remove(tx, key)
      : { afterCommit: async () => {} };
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

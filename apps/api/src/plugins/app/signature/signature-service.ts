import { createHash } from 'node:crypto';
import type { Language, StepId } from '@hk/domain';
import { unconfirmedStepsBefore } from '@hk/domain/flow/step-forms';
import { type Agreement, renderAgreements } from '@hk/domain/steps/signature/agreements';
import type { DrawnSignRequest, SignRequest, TypedSignRequest } from '@hk/domain/steps/signature/contracts';
import {
  answersHashForSigning,
  checkSignatureStrokes,
  checkTypedNameMatches,
  strokesBox,
} from '@hk/domain/steps/signature/signing';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { requireApplication, requireEditable } from '../application/application-access';
import { requireActionBudget } from '../budgets/action-budget';
import {
  type DocumentRow,
  insertDocument,
  listActiveDocumentsOfKind,
  softDeleteDocuments,
} from '../documents/document-repository';
import {
  checkHasEventWith,
  type EventMeta,
  listEventDataOfType,
  recordEvent,
} from '../events/event-repository';
import type { PendingRemoval } from '../files/file-store';
import {
  type ApplicationRow,
  listStepRows,
  lockEditableApplicationOfUser,
  type StepRow,
} from '../steps/step-repository';
import { progressOf, writeStep } from '../steps/step-service';
import { cleanSignatureImage, signaturePngBytes } from './signature-image';

/**
 * What signing rests on, from the committed step rows: the documents rendered in the language
 * asked (sealed values only by their masks), the answers hash a signature would be bound to, and
 * the steps before the signature not confirmed yet.
 */
function signingState(app: ApplicationRow, rows: readonly StepRow[], language: Language) {
  const { facts, confirmed } = progressOf(app, rows);
  const identity = rows.find((r) => r.step === 'identity');
  const documents = renderAgreements({
    language,
    answers: facts.answers,
    masked: { id_number: identity?.sealed.id_number?.masked ?? null },
  });
  const answersHash = answersHashForSigning(
    rows.map((r) => ({ step: r.step as StepId, answers: r.answers, sealed: r.sealed })),
  );
  const missing = unconfirmedStepsBefore('signature', confirmed, facts, 'all');
  return { documents, answersHash, missing, confirmed };
}

/** `id:sha256` of every document opened (agreement_opened) in this application. */
async function openedDocuments(db: Db | Tx, applicationId: string): Promise<Set<string>> {
  const opened = await listEventDataOfType(db, applicationId, 'agreement_opened');
  return new Set(opened.map((d) => `${String(d.id)}:${String(d.sha256)}`));
}

/** The agreements screen's data (docs/api/steps/signature.md: `agreements`). */
export async function fetchAgreements(ctx: AppContext, userId: string, language: Language) {
  const app = await requireApplication(ctx, userId);
  const rows = await listStepRows(ctx.db, app.id);
  const state = signingState(app, rows, language);
  const opened = await openedDocuments(ctx.db, app.id);
  const signature = rows.find((r) => r.step === 'signature');
  const signed =
    signature?.confirmedAt && state.confirmed.has('signature')
      ? {
          signed_at: String(signature.answers.signed_at ?? signature.confirmedAt.toISOString()),
          answers_hash: String(signature.answers.answers_hash ?? ''),
          signature_document_id:
            typeof signature.answers.signature_document_id === 'string'
              ? signature.answers.signature_document_id
              : null,
        }
      : null;
  return {
    language,
    documents: state.documents.map((d) => ({ ...d, opened: opened.has(`${d.id}:${d.sha256}`) })),
    answers_hash: state.answersHash,
    missing_steps: state.missing,
    signed: signed && /^[0-9a-f]{64}$/.test(signed.answers_hash) ? signed : null,
  };
}

/**
 * The person opened a document in the reader (an event): only the text as it renders now counts,
 * so a document whose answers changed since the screen loaded it is refused as stale (2017). A
 * document already opened at this hash writes nothing; past the hour's budget of new openings: 2019.
 */
export async function recordAgreementOpened(
  ctx: AppContext,
  userId: string,
  body: { language: Language; id: Agreement['id']; sha256: string },
  meta: EventMeta,
) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const rows = await listStepRows(tx, app.id);
    const doc = signingState(app, rows, body.language).documents.find((d) => d.id === body.id);
    if (!doc) throw new AppError('VALIDATION_FAILED', { id: 'agreement_not_applicable' });
    if (doc.sha256 !== body.sha256) throw new AppError('SIGNATURE_STALE');
    // opened already as it renders now: the hash covers the language too, so nothing is new
    if (await checkHasEventWith(tx, app.id, 'agreement_opened', { id: doc.id, sha256: doc.sha256 }))
      return { id: doc.id, sha256: doc.sha256, opened: true as const };
    await requireActionBudget(tx, app.id, 'agreement_opened', now);
    await recordEvent(tx, meta, {
      type: 'agreement_opened',
      applicationId: app.id,
      userId,
      step: 'signature',
      data: { id: doc.id, version: doc.version, sha256: doc.sha256, language: doc.language },
      at: now,
    });
    return { id: doc.id, sha256: doc.sha256, opened: true as const };
  });
}

/** Strokes as stored: rounded, times from the first point (signature_pad `toData()` in, compact out). */
function compactStrokes(strokes: DrawnSignRequest['strokes']) {
  const t0 = strokes[0]?.points[0]?.time ?? 0;
  const r = (n: number) => Math.round(n * 10) / 10;
  return strokes.map((s) => ({
    points: s.points.map((p) => ({
      x: r(p.x),
      y: r(p.y),
      t: Math.max(0, Math.round(p.time - t0)),
      ...(typeof p.pressure === 'number' && Number.isFinite(p.pressure) ? { p: r(p.pressure) } : {}),
    })),
  }));
}

/** What was signed, as the step's answers keep it. */
function signedDocuments(state: { documents: readonly Agreement[] }) {
  return state.documents.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256, title: d.title }));
}

/**
 * Whether this application can be signed with this body: every step before the signature confirmed
 * (else STEP_NOT_READY), the answers hash the client signed equal to the current one (else 2017),
 * every document that applies accepted with its current version and hash (a changed one: 2017)
 * and opened since it rendered so (else 2018). Run twice: read-only before any costly work, then
 * under the application's lock, where it decides. A typed signature must be the ID's name (2016).
 */
async function judgeSigning(db: Db | Tx, app: ApplicationRow, body: SignRequest) {
  const rows = await listStepRows(db, app.id);
  const state = signingState(app, rows, body.language);
  if (state.missing.length > 0) throw new AppError('STEP_NOT_READY', { step: state.missing[0]! });
  // a typed signature is the name on the ID as it is now (under the lock too: the ID step may change)
  if (body.method === 'typed') {
    const identity = rows.find((r) => r.step === 'identity')?.answers ?? {};
    if (!checkTypedNameMatches(body.typed_name, identity))
      throw new AppError('SIGNATURE_REFUSED', { typed_name: 'signature_name_mismatch' });
  }
  if (body.answers_hash !== state.answersHash) throw new AppError('SIGNATURE_STALE');
  const accepted = new Map(body.agreements.map((a) => [a.id, a]));
  for (const a of body.agreements)
    if (!state.documents.some((d) => d.id === a.id))
      throw new AppError('VALIDATION_FAILED', { [`agreements.${a.id}`]: 'agreement_not_applicable' });
  const missing = state.documents.find((d) => !accepted.has(d.id));
  if (missing)
    throw new AppError('VALIDATION_FAILED', { [`agreements.${missing.id}`]: 'agreement_not_accepted' });
  for (const d of state.documents) {
    const a = accepted.get(d.id)!;
    if (a.version !== d.version || a.sha256 !== d.sha256) throw new AppError('SIGNATURE_STALE');
  }
  const opened = await openedDocuments(db, app.id);
  const unopened = state.documents.find((d) => !opened.has(`${d.id}:${d.sha256}`));
  if (unopened)
    throw new AppError('AGREEMENT_NOT_OPENED', { [`agreements.${unopened.id}`]: 'agreement_not_opened' });
  return state;
}

/**
 * Signing (docs/api/steps/signature.md: `sign`), cheapest checks first so that a request bound to
 * fail costs no image work: the strokes and the data URL (2016); then, read-only, the application
 * editable and ready to be signed with this body (`judgeSigning`); then the PNG's size from its
 * header against the pad (2016, nothing decoded); only then the decoding and the ink rule on the
 * image itself (2016), and the image staged in the file store. Then, in one transaction with the
 * application locked, `judgeSigning` again (it decides: the read-only look may be stale); the
 * image stored as the `signature` document (replacing an earlier one) and the step confirmed with
 * the documents, hash, time and strokes in its answers.
 */
export async function signAgreements(ctx: AppContext, userId: string, body: SignRequest, meta: EventMeta) {
  if (body.method === 'typed') return signTyped(ctx, userId, body, meta);
  const problem = checkSignatureStrokes(body.strokes, body.pad);
  if (problem) throw new AppError('SIGNATURE_REFUSED', { signature: problem });
  const png = signaturePngBytes(body.image);
  const current = await requireApplication(ctx, userId);
  requireEditable(current);
  await judgeSigning(ctx.db, current, body);
  const image = await cleanSignatureImage(png, body.pad, strokesBox(body.strokes, body.pad), (job) =>
    ctx.heavy.run('signature', job),
  );
  const staged = await ctx.files.stage(image.bytes);
  const now = ctx.now();
  let removals: PendingRemoval[] = [];
  const result = await ctx.db
    .transaction(async (tx) => {
      const app = await lockEditableApplicationOfUser(tx, userId);
      const state = await judgeSigning(tx, app, body);

      const existing = await listActiveDocumentsOfKind(tx, app.id, 'signature');
      const replacedKeys = await softDeleteDocuments(
        tx,
        existing.map((d) => d.id),
        now,
      );
      await staged.attach(tx);
      const doc: DocumentRow = await insertDocument(tx, {
        userId,
        applicationId: app.id,
        step: 'signature',
        kind: 'signature',
        storageKey: staged.key,
        mime: 'image/png',
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(image.bytes).digest('hex'),
        createdAt: now,
      });
      removals = await Promise.all(replacedKeys.map((key) => ctx.files.remove(tx, key)));
      await recordEvent(tx, meta, {
        type: 'document_uploaded',
        applicationId: app.id,
        userId,
        step: 'signature',
        data: { document_id: doc.id, kind: 'signature', replaced: existing.map((d) => d.id) },
        at: now,
      });
      return confirmSignature(
        tx,
        ctx,
        { app, state, language: body.language, now, meta },
        {
          method: 'drawn',
          documentId: doc.id,
          answers: {
            pad: { width: body.pad.width, height: body.pad.height },
            strokes: compactStrokes(body.strokes),
            signature_document_id: doc.id,
            // the answers are merged: a typed signature before this one leaves nothing behind
            signature_method: undefined,
            typed_name: undefined,
            typed_statement: undefined,
          },
        },
      );
    })
    .catch(async (err: unknown) => {
      await staged.discard();
      throw err;
    });
  await Promise.all(removals.map((r) => r.afterCommit()));
  return result;
}

/**
 * A typed signature (issue #16): the statement ticked (2016 at `typed_statement`), then, read-only,
 * the application ready (`judgeSigning`, which also matches the name to the ID's: 2016 at
 * `typed_name`); then under the lock the same again, an earlier drawn signature's image removed (it
 * is not this signature) and the step confirmed with the method and the name in its answers. No
 * image is made: the review and the PDF print the name from the answers.
 */
async function signTyped(ctx: AppContext, userId: string, body: TypedSignRequest, meta: EventMeta) {
  if (body.typed_statement !== true)
    throw new AppError('SIGNATURE_REFUSED', { typed_statement: 'signature_statement_required' });
  const current = await requireApplication(ctx, userId);
  requireEditable(current);
  await judgeSigning(ctx.db, current, body);
  const now = ctx.now();
  let removals: PendingRemoval[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const state = await judgeSigning(tx, app, body);
    const existing = await listActiveDocumentsOfKind(tx, app.id, 'signature');
    if (existing.length > 0) {
      const keys = await softDeleteDocuments(
        tx,
        existing.map((d) => d.id),
        now,
      );
      removals = await Promise.all(keys.map((key) => ctx.files.remove(tx, key)));
      for (const d of existing)
        await recordEvent(tx, meta, {
          type: 'document_deleted',
          applicationId: app.id,
          userId,
          step: 'signature',
          data: { document_id: d.id, kind: 'signature' },
          at: now,
        });
    }
    return confirmSignature(
      tx,
      ctx,
      { app, state, language: body.language, now, meta },
      {
        method: 'typed',
        documentId: null,
        answers: {
          signature_method: 'typed',
          typed_name: body.typed_name.normalize('NFKC').replace(/\s+/g, ' ').trim(),
          typed_statement: true,
          // the answers are merged: a drawn signature before this one leaves nothing behind
          pad: undefined,
          strokes: undefined,
          signature_document_id: undefined,
        },
      },
    );
  });
  await Promise.all(removals.map((r) => r.afterCommit()));
  return result;
}

/**
 * The signature step confirmed, drawn or typed: what was signed (documents, answers hash, time,
 * language) plus the method's own answers, and the sign call's answer.
 */
async function confirmSignature(
  tx: Tx,
  ctx: AppContext,
  signing: {
    app: ApplicationRow;
    state: Awaited<ReturnType<typeof judgeSigning>>;
    language: Language;
    now: Date;
    meta: EventMeta;
  },
  method: { method: 'drawn' | 'typed'; documentId: string | null; answers: Record<string, unknown> },
) {
  const { app, state, now, meta } = signing;
  const signedAt = now.toISOString();
  const { row, reopened } = await writeStep(tx, { vault: ctx.vault, now, meta }, app, 'signature', {
    answers: {
      agreements: signedDocuments(state),
      answers_hash: state.answersHash,
      signed_at: signedAt,
      language: signing.language,
      ...method.answers,
    },
    confirm: true,
  });
  const after = progressOf(app, await listStepRows(tx, app.id));
  return {
    step: 'signature' as const,
    version: row.version,
    confirmed: row.confirmedAt !== null,
    info_progress: after.infoProgress,
    next_step: after.nextStep,
    reopened,
    signed_at: signedAt,
    answers_hash: state.answersHash,
    signature_method: method.method,
    signature_document_id: method.documentId,
  };
}

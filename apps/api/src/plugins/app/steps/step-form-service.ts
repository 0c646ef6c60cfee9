import {
  answersToSend,
  fieldErrorsOf,
  hongKongToday,
  type IdType,
  type ReopenReason,
  STEPS,
  type StepId,
  stepById,
} from '@hk/domain';
import { STEP_FORMS, type StepFormContext, unconfirmedStepsBefore } from '@hk/domain/flow/step-forms';
import * as z from 'zod/mini';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { requireApplication } from '../application/application-access';
import { countDocuments } from '../documents/document-counts';
import { toDocumentInfo } from '../documents/document-info';
import { listActiveDocuments } from '../documents/document-repository';
import type { EventMeta } from '../events/event-repository';
import { STEP_SERVER_HOOKS } from './step-hooks';
import { findStepRow, listStepRows, lockEditableApplicationOfUser, type StepRow } from './step-repository';
import { progressOf, type SealInput, writeStep } from './step-service';

/**
 * Saves a step through the generic step call (issue #6): a draft (`confirm` false) is parsed by
 * the step's saved-answers schema; a confirmation by its whole form and its rules, which see the
 * rest of the application, and needs every earlier step that can be filled in online confirmed.
 * All of it in one transaction with the application locked, so the rules see what is committed.
 */
export async function saveStepForm(
  ctx: AppContext,
  userId: string,
  stepId: StepId,
  body: { step_version?: number | undefined; confirm: boolean; answers: Record<string, unknown> },
  meta: EventMeta,
) {
  const form = STEP_FORMS[stepId];
  const hooks = STEP_SERVER_HOOKS[stepId] ?? {};
  const step = stepById(stepId);
  const draftSchema = form?.draft ?? step.answers;
  if (!form || !draftSchema) throw new AppError('STEP_NOT_AVAILABLE');
  // A draft is parsed before anything else (issue #12): nothing is looked up, decrypted, expanded
  // or sealed for answers that are not even of the right shape (`tax_residencies: [null]`).
  let draftInput: Record<string, unknown> | undefined;
  if (!body.confirm) {
    const parsed = z.safeParse(form.draftInput ?? draftSchema, body.answers);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(parsed.error.issues));
    draftInput = parsed.data;
  }
  // the form's shape of the saved answers, where the registry declares only part of it
  const registry = STEPS.map((s) => (s.id === stepId ? { ...s, answers: draftSchema } : s));
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const rows = await listStepRows(tx, app.id);
    const { facts, confirmed } = progressOf(app, rows);
    const docs = await listActiveDocuments(tx, app.id);
    const formCtx: StepFormContext = {
      today: hongKongToday(now),
      facts,
      documentCounts: countDocuments(docs),
      ...(hooks.facts ? await hooks.facts(tx, ctx, app) : {}),
    };

    // what the vault seals (TINs…) is split off the answers before they are stored or parsed
    const splitSealed = (raw: Record<string, unknown>) => {
      if (!form.seal) return { answers: raw, sealed: undefined };
      const split = form.seal(raw);
      const sealedInput = Object.fromEntries(
        Object.entries(split.sealed).map(([k, v]) => [
          k,
          v && { plain: v.plain, hashInput: null, masked: v.masked },
        ]),
      );
      return { answers: split.answers, sealed: sealedInput };
    };
    // answers standing for a sealed value (tax: `tin_from_id`, a kept `tin_masked`) get it here;
    // a confirmation's form is parsed right after (its shape needs the values these stand for)
    const raw = draftInput ?? body.answers;
    const input = form.expandSealed ? form.expandSealed(raw, sealedSourcesOf(ctx, rows, stepId)) : raw;
    let answers: Record<string, unknown>;
    let sealed: Record<string, SealInput | null> | undefined;
    if (body.confirm) {
      // the flow's order: earlier steps that can be filled in online come first
      if (unconfirmedStepsBefore(stepId, confirmed, facts).length > 0) throw new AppError('STEP_NOT_READY');
      const confirmCtx = hooks.confirmContext
        ? await hooks.confirmContext(tx, app, now, formCtx, docs)
        : formCtx;
      const parsed = z.safeParse(form.schema(confirmCtx), input);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(parsed.error.issues));
      const problems = form.check?.(parsed.data, confirmCtx) ?? {};
      if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', problems);
      ({ answers, sealed } = splitSealed(parsed.data));
    } else {
      const split = splitSealed(input);
      // the saved answers' shape again, now that the sealed values are masks (writeStep parses too)
      const parsed = z.safeParse(draftSchema, split.answers);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(parsed.error.issues));
      answers = parsed.data as Record<string, unknown>;
      sealed = split.sealed;
    }
    // a field the form no longer sends (e.g. the proof after switching to cash) is removed
    const current = rows.find((r) => r.step === stepId)?.answers ?? {};
    const removed = Object.fromEntries(
      Object.keys(current)
        // a sealed field's name in the answers (saved before it was sealed) is dropped by the parse
        .filter((k) => body.confirm && !(k in answers) && !step.sealedFields.includes(k))
        .map((k) => [k, undefined]),
    );
    const { row, reopened } = await writeStep(
      tx,
      { vault: ctx.vault, now, meta, steps: registry },
      app,
      stepId,
      {
        answers: { ...removed, ...answers },
        ...(sealed ? { sealed } : {}),
        confirm: body.confirm,
        expectedVersion: body.step_version,
      },
    );
    if (body.confirm) await hooks.afterConfirm?.(tx, app, answers, meta, now);
    const after = progressOf(app, await listStepRows(tx, app.id));
    return {
      step: stepId,
      version: row.version,
      confirmed: row.confirmedAt !== null,
      info_progress: after.infoProgress,
      next_step: after.nextStep,
      reopened,
    };
  });
}

/**
 * The sealed values a form's answers may stand for, decrypted inside the server only: the ID
 * step's document and this step's own sealed answers.
 */
function sealedSourcesOf(ctx: AppContext, rows: readonly StepRow[], stepId: StepId) {
  const identity = rows.find((r) => r.step === 'identity');
  const idType = identity?.answers.id_type;
  const idNumber = identity?.sealed.id_number;
  const own = rows.find((r) => r.step === stepId)?.sealed ?? {};
  return {
    idDocument:
      idNumber && (idType === 'hk_id' || idType === 'cn_id' || idType === 'passport')
        ? { idType: idType as IdType, idNumber: ctx.vault.decrypt(idNumber.sealed) }
        : undefined,
    own: Object.fromEntries(Object.entries(own).map(([k, v]) => [k, ctx.vault.decrypt(v.sealed)])),
  };
}

/** One step as the screen needs it: answers, sealed ones masked, its documents, version, reason. */
export async function fetchStepInfo(ctx: AppContext, userId: string, stepId: StepId) {
  const app = await requireApplication(ctx, userId);
  const [row, docs] = await Promise.all([
    findStepRow(ctx.db, app.id, stepId),
    listActiveDocuments(ctx.db, app.id),
  ]);
  return {
    step: stepId,
    version: row?.version ?? 0,
    confirmed_at: row?.confirmedAt?.toISOString() ?? null,
    reopened_reason: (row?.reopenedReason ?? null) as ReopenReason | null,
    answers: answersToSend(stepById(stepId), row?.answers ?? {}),
    sealed: Object.fromEntries(Object.entries(row?.sealed ?? {}).map(([k, v]) => [k, v.masked])),
    documents: docs.filter((d) => d.step === stepId).map(toDocumentInfo),
  };
}

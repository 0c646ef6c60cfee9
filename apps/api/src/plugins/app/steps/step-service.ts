import {
  type Answers,
  type ApplicationFacts,
  applicableSteps,
  changedFields,
  checkCanChangeStep,
  checkIsStepId,
  computeCompletedProgress,
  computeInfoProgress,
  fieldErrorsOf,
  firstUnfinishedStep,
  lockedErrorOf,
  type Reopening,
  STEPS,
  type StepDefinition,
  type StepId,
  stepById,
  stepsToReopen,
} from '@hk/domain';
import * as z from 'zod/mini';
import type { Tx } from '../../../db/client';
import type { SealedAnswer } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Vault } from '../../../lib/crypto';
import { type EventMeta, recordEvent } from '../events/event-repository';
import {
  type ApplicationRow,
  listStepRows,
  lockStepRow,
  type StepRow,
  touchApplication,
  updateStepRow,
} from './step-repository';

/** A value to seal: the plain text, the input of its look-up hash (or null), its masked form. */
export interface SealInput {
  plain: string;
  hashInput: string | null;
  masked: string | null;
}

export interface StepChange {
  /** Answers to set; `undefined` removes a field. */
  answers?: Record<string, unknown>;
  /** Sealed answers to set; `null` removes one. */
  sealed?: Record<string, SealInput | null>;
  /** Document kinds of this step that were added, replaced or removed. */
  documentsChanged?: readonly string[];
  /** The person confirms the step with this change. */
  confirm?: boolean;
  /** The version the client started from: a different current version refuses the save. */
  expectedVersion?: number | undefined;
}

/** What progress is computed from: a step row, or the status call's reading of one. */
type ProgressRow = Pick<StepRow, 'step' | 'answers' | 'confirmedAt'>;

export function factsOf(
  app: Pick<ApplicationRow, 'markets'>,
  rows: readonly ProgressRow[],
): ApplicationFacts {
  const answers: ApplicationFacts['answers'] = {};
  for (const row of rows) if (checkIsStepId(row.step)) answers[row.step] = row.answers;
  return { markets: app.markets, answers };
}

/** Steps confirmed and still current (a step's `isCurrent`: e.g. an older risk-disclosure text is not). */
export function confirmedStepsOf(rows: readonly ProgressRow[]): Set<StepId> {
  return new Set(
    rows
      .filter((r) => r.confirmedAt && checkIsStepId(r.step))
      .filter((r) => stepById(r.step as StepId).isCurrent?.(r.answers as Answers) ?? true)
      .map((r) => r.step as StepId),
  );
}

/** info_progress (the stage the person is in), how far they got, the next step: from the registry. */
export function progressOf(app: Pick<ApplicationRow, 'markets'>, rows: readonly ProgressRow[]) {
  const facts = factsOf(app, rows);
  const confirmed = confirmedStepsOf(rows);
  // the applicable steps once (the status call asks on every visit); the rules below only read them
  const applicable = applicableSteps(facts);
  return {
    facts,
    confirmed,
    applicable,
    infoProgress: computeInfoProgress(confirmed, facts, applicable),
    completedProgress: computeCompletedProgress(confirmed, facts, applicable),
    nextStep: firstUnfinishedStep(confirmed, facts, applicable),
  };
}

function sealedFieldChanges(before: Record<string, SealedAnswer>, after: Record<string, SealedAnswer>) {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  // the hash tells equal values apart without decrypting; without one, the ciphertext changed
  return [...keys].filter((k) => {
    const a = before[k];
    const b = after[k];
    if (!a || !b) return a !== b;
    return a.hash !== null && b.hash !== null ? a.hash !== b.hash : a.sealed !== b.sealed;
  });
}

/**
 * The one way a step's answers change (issue #5 §2): inside the caller's transaction, with the
 * application row already locked and checked editable. The step row is locked, the version
 * compared, the merged answers parsed by the step's schema, sealed values sealed, the step
 * confirmed or (when what it was confirmed on changed) unconfirmed, the steps that depended on
 * what changed reopened with their reason, and one event written per change.
 */
export async function writeStep(
  tx: Tx,
  deps: { vault: Vault; now: Date; meta: EventMeta; steps?: readonly StepDefinition[] },
  app: ApplicationRow,
  stepId: StepId,
  change: StepChange,
): Promise<{ row: StepRow; reopened: Reopening[] }> {
  const registry = deps.steps ?? STEPS;
  const step = registry.find((s) => s.id === stepId) ?? stepById(stepId);
  const writesAnswers =
    Object.keys(change.answers ?? {}).length + Object.keys(change.sealed ?? {}).length > 0;
  if (!step.answers && (writesAnswers || change.confirm))
    throw new Error(`step ${stepId} has no answers schema yet`);
  const current = await lockStepRow(tx, app.id, stepId, deps.now);
  // a save names the version it started from: another device saved since, so nothing is overwritten
  if (change.expectedVersion !== undefined && change.expectedVersion !== current.version)
    throw new AppError('STEP_VERSION_CONFLICT');

  const merged: Record<string, unknown> = { ...current.answers };
  for (const [k, v] of Object.entries(change.answers ?? {})) {
    if (step.sealedFields.includes(k)) throw new Error(`${stepId}.${k} must be sealed`);
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  // Every write is parsed by the step's schema: nothing unparsed reaches the database.
  // a documents-only change keeps the answers as they were saved (and parsed) before
  // answers saved under an older rule (a character the text rule refuses since issue #12) fail it
  // here: the person is told at the field, as for what they typed now, never a 500
  let answers = merged;
  if (step.answers && writesAnswers) {
    const parsed = z.safeParse(step.answers, merged);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(parsed.error.issues));
    answers = parsed.data as Record<string, unknown>;
  }

  const sealed: Record<string, SealedAnswer> = { ...current.sealed };
  for (const [k, v] of Object.entries(change.sealed ?? {})) {
    if (!step.sealedFields.includes(k)) throw new Error(`${stepId}.${k} is not a sealed field`);
    if (v === null) delete sealed[k];
    else
      sealed[k] = {
        sealed: deps.vault.encrypt(v.plain),
        hash: v.hashInput === null ? null : deps.vault.lookupHash(v.hashInput),
        masked: v.masked,
      };
  }

  const fields = [
    ...changedFields(current.answers as Answers, answers),
    ...sealedFieldChanges(current.sealed, sealed),
    ...(change.documentsChanged ?? []).map((kind) => `documents.${kind}`),
  ];
  const confirming = change.confirm === true;
  // nothing changed and nothing confirmed: no write, no new version, no event
  if (fields.length === 0 && !confirming) return { row: current, reopened: [] };
  // sent back by staff (-1): only the steps the review returned, or that a change reopened, change
  if (fields.length > 0 && !checkCanChangeStep(app.status, current.confirmedAt !== null))
    throw new AppError(lockedErrorOf(app.status));
  const loseConfirmation = !confirming && current.confirmedAt !== null && fields.length > 0;
  const version = current.version + 1;
  await updateStepRow(tx, app.id, stepId, {
    answers,
    sealed,
    version,
    confirmedAt: confirming ? deps.now : loseConfirmation ? null : current.confirmedAt,
    reopenedReason: confirming
      ? null
      : loseConfirmation && change.documentsChanged?.length
        ? 'documents_changed'
        : current.reopenedReason,
    updatedAt: deps.now,
  });
  await recordEvent(tx, deps.meta, {
    type: confirming ? 'step_confirmed' : 'step_saved',
    applicationId: app.id,
    userId: app.userId,
    step: stepId,
    data: { version, fields },
    at: deps.now,
  });

  // What depended on the changed answers is reopened, with the reason the person is shown.
  const rows = await listStepRows(tx, app.id);
  const { facts, confirmed } = progressOf(app, rows);
  const reopened = stepsToReopen({ step: stepId, fields }, confirmed, facts, registry);
  for (const r of reopened) {
    const row = rows.find((x) => x.step === r.step)!;
    await updateStepRow(tx, app.id, r.step, {
      confirmedAt: null,
      reopenedReason: r.reason,
      version: row.version + 1,
      updatedAt: deps.now,
    });
    await recordEvent(tx, deps.meta, {
      type: 'step_reopened',
      applicationId: app.id,
      userId: app.userId,
      step: r.step,
      data: { reason: r.reason, by: stepId },
      at: deps.now,
    });
  }
  await touchApplication(tx, app.id, deps.now);
  const row = rows.find((x) => x.step === stepId)!;
  return { row, reopened };
}

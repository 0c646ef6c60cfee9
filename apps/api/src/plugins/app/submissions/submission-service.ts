import {
  ApplicationStatus,
  applicableSteps,
  buildSubmission,
  LOGIN_AGREEMENT_VERSIONS,
  lockedErrorOf,
  STEPS,
  type StepDefinition,
} from '@hk/domain';
import { decideSubmit, stepsBlockingSubmission } from '@hk/domain/flow/submit';
import { answersHashForSigning } from '@hk/domain/steps/signature/signing';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { lockSubject } from '../auth/advisory-lock';
import { countDocuments } from '../documents/document-counts';
import { listActiveDocuments } from '../documents/document-repository';
import { type EventMeta, recordEvent } from '../events/event-repository';
import {
  type ApplicationRow,
  findSubmittedHolderOfIdHash,
  listStepRows,
  lockApplicationOfUser,
  type StepRow,
} from '../steps/step-repository';
import { progressOf } from '../steps/step-service';
import { changeApplicationStatus } from './status-service';
import {
  countSubmissions,
  findLatestSubmission,
  findSubmissionOfIdempotencyKey,
  insertSubmission,
  type SubmissionRow,
} from './submission-repository';

/**
 * The points inside a submission's transaction where a test can make it fail (crash safety: the
 * application is then submitted whole or not at all). `locked`: the application row is locked;
 * `checked`: every check passed; `status_changed`: the status is 1; `snapshot_stored`: the snapshot
 * is inserted; `event_recorded`: the last write is done, the commit comes next.
 */
export const SUBMIT_FAULT_POINTS = [
  'locked',
  'checked',
  'status_changed',
  'snapshot_stored',
  'event_recorded',
] as const;
export type SubmitFaultPoint = (typeof SUBMIT_FAULT_POINTS)[number];

export interface SubmitOptions {
  /** A smaller registry (tests). */
  steps?: readonly StepDefinition[];
  /** The client's key: calls with one key make one submission (docs/api/steps/review.md). */
  idempotencyKey?: string;
  /** Tests only: called at each point of the transaction; throwing there aborts it. */
  fault?: (point: SubmitFaultPoint) => void | Promise<void>;
}

/** The signature step's `answers_hash` against the hash of the answers as they are now. */
function checkSignatureCurrent(rows: readonly StepRow[], registry: readonly StepDefinition[]) {
  if (!registry.some((s) => s.id === 'signature')) return;
  const signature = rows.find((r) => r.step === 'signature');
  const signed = signature?.answers.answers_hash;
  const current = answersHashForSigning(
    rows.map((r) => ({ step: r.step as StepDefinition['id'], answers: r.answers, sealed: r.sealed })),
  );
  if (typeof signed !== 'string' || signed !== current) throw new AppError('SIGNATURE_STALE');
}

/**
 * Submits the caller's application (issue #5 §2, issue #7 step 5): in one transaction, with the
 * application locked,
 * - a call whose idempotency key made a submission before, or any call while the application is
 *   submitted (status 1), answers the submission that stands and writes nothing (a double tap,
 *   a retry after a lost answer, a second device);
 * - every applicable step must be confirmed with its documents, else 2009 naming the blocking
 *   steps in flow order (the first one is where the client goes);
 * - the signature must be bound to the answers as they are now (2017);
 * - the ID number must not belong to another submitted application (checked again here, under a
 *   lock on the number, decision 007);
 * then the status moves through the status machine (0 or -1 → 1), the next numbered, immutable
 * snapshot is stored, "submitted" is announced to its listeners (the review opens its case) and
 * the event (with the key) is recorded.
 */
export async function submitApplication(
  ctx: AppContext,
  userId: string,
  meta: EventMeta,
  opts: SubmitOptions = {},
): Promise<{ application: ApplicationRow; submission: SubmissionRow; replayed: boolean }> {
  const registry = opts.steps ?? STEPS;
  const fault = opts.fault ?? (() => {});
  const now = ctx.now();
  // nobody listening would leave a submitted application without its review case (decision 022)
  if (ctx.submissions.listenerCount() === 0) throw new Error('no listener of "submitted" is registered');
  return ctx.db.transaction(async (tx) => {
    const app = await lockApplicationOfUser(tx, userId);
    await fault('locked');

    const earlier = opts.idempotencyKey
      ? await findSubmissionOfIdempotencyKey(tx, app.id, opts.idempotencyKey)
      : undefined;
    const decision = decideSubmit({ status: app.status, keyAlreadyUsed: earlier !== undefined });
    if (decision.kind === 'replay') {
      const standing = earlier ?? (await findLatestSubmission(tx, app.id));
      if (standing) return { application: app, submission: standing, replayed: true };
    }
    if (decision.kind !== 'new') throw new AppError(lockedErrorOf(app.status));
    const action = app.status === ApplicationStatus.REJECTED ? 'resubmit' : 'submit';

    const rows = await listStepRows(tx, app.id);
    const { facts, confirmed } = progressOf(app, rows);
    const docs = await listActiveDocuments(tx, app.id);
    const blocking = stepsBlockingSubmission(confirmed, facts, countDocuments(docs), registry);
    if (blocking.length > 0)
      throw new AppError(
        'STEPS_INCOMPLETE',
        Object.fromEntries(blocking.map((s) => [s, 'step_not_confirmed'])),
      );
    checkSignatureCurrent(rows, applicableSteps(facts, registry));

    const idHash = rows.find((r) => r.step === 'identity')?.sealed.id_number?.hash;
    if (idHash) {
      // two applications with one ID number submitting at once: the second waits, then sees the first
      await lockSubject(tx, `id-number:${idHash}`);
      if (await findSubmittedHolderOfIdHash(tx, idHash, app.id))
        throw new AppError('ID_USED_BY_OTHER_MOBILE');
    }
    await fault('checked');

    const updated = await changeApplicationStatus(tx, app, action, meta, now);
    await fault('status_changed');
    const number = (await countSubmissions(tx, app.id)) + 1;
    const applicable = applicableSteps(facts, registry);
    const { snapshot, sha256 } = buildSubmission({
      applicationId: app.id,
      number,
      submittedAt: now.toISOString(),
      markets: app.markets,
      steps: rows
        .filter((r) => applicable.some((s) => s.id === r.step))
        .map((r) => ({
          step: r.step as (typeof registry)[number]['id'],
          version: r.version,
          confirmedAt: r.confirmedAt?.toISOString() ?? null,
          answers: r.answers,
          sealed: r.sealed,
        })),
      documents: docs.map((d) => ({
        id: d.id,
        step: d.step,
        kind: d.kind,
        sha256: d.sha256,
        mime: d.mime,
        size: d.size,
      })),
      agreements: LOGIN_AGREEMENT_VERSIONS,
    });
    const submission = await insertSubmission(tx, {
      applicationId: app.id,
      number,
      snapshot,
      sha256,
      createdAt: now,
    });
    // "submitted", in the same transaction: the review opens its case here (issue #14: submitted
    // means queued; review/case-opening.ts), so it commits with the submission or not at all
    await ctx.submissions.announceSubmitted({ tx, application: app, submission, rows, now });
    await fault('snapshot_stored');
    await recordEvent(tx, meta, {
      type: 'submission_created',
      applicationId: app.id,
      userId,
      data: {
        submission_id: submission.id,
        number,
        sha256,
        ...(opts.idempotencyKey ? { idempotency_key: opts.idempotencyKey } : {}),
      },
      at: now,
    });
    await fault('event_recorded');
    return { application: updated, submission, replayed: false };
  });
}

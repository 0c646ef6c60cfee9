import { randomInt } from 'node:crypto';
import { type Answers, stepById } from '@hk/domain';
import type { StepFormContext } from '@hk/domain/flow/step-forms';
import {
  checkIsIdentityMediaKind,
  identityMediaWindowOf,
  LIVE_CODE_DIGITS,
  LIVE_CODE_MAX_PER_HOUR,
  LIVE_CODE_TTL_MS,
} from '@hk/domain/steps/identity-media/form';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { DocumentRow } from '../documents/document-repository';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { findStepRow, lockEditableApplicationOfUser } from '../steps/step-repository';
import {
  countLiveCodesSince,
  insertLiveCode,
  lockLiveCodeOfApplication,
  markLiveCodeUsed,
} from './live-code-repository';

// Identity photos or face video (issue #7 step 2): the 5-minute window after the recording, and
// the single-use digits read in a face video (`liveVideoCheck`).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The recording's end, when the identity photos or video are taken now: the risk-disclosure step
 * must be confirmed (2005) and its `ended_at` less than 5 minutes ago (2014: listen again).
 * Read in the caller's transaction, with the application locked.
 */
export async function requireIdentityMediaWindow(tx: Tx, applicationId: string, now: Date): Promise<Date> {
  const recording = await findStepRow(tx, applicationId, 'risk_disclosure');
  // a recording heard in an older text version does not stand (the registry's `isCurrent`)
  const definition: { id: string; isCurrent?: (answers: Answers) => boolean } = stepById('risk_disclosure');
  if (!recording?.confirmedAt || definition.isCurrent?.(recording.answers) === false)
    throw new AppError('STEP_NOT_READY');
  const window = identityMediaWindowOf(recording.answers.ended_at, now);
  if (!window) throw new AppError('STEP_NOT_READY');
  if (!window.open) throw new AppError('IDENTITY_MEDIA_WINDOW_PASSED');
  return new Date(String(recording.answers.ended_at));
}

/**
 * What a confirmation of the identity-media step counts: its documents taken in the current
 * window only (after the recording's end: a photo from an earlier listening does not count).
 */
export function countIdentityMediaSince(
  documentCounts: Readonly<Record<string, number>>,
  docs: readonly Pick<DocumentRow, 'kind' | 'createdAt'>[],
  endedAt: Date,
): Record<string, number> {
  const counts: Record<string, number> = { ...documentCounts };
  for (const kind of Object.keys(counts)) if (checkIsIdentityMediaKind(kind)) counts[kind] = 0;
  for (const d of docs)
    if (checkIsIdentityMediaKind(d.kind) && d.createdAt.getTime() >= endedAt.getTime())
      counts[d.kind] = (counts[d.kind] ?? 0) + 1;
  return counts;
}

/** The form context of a confirmation: the window still open (2005, 2014), this window's documents only. */
export async function identityMediaConfirmContext(
  tx: Tx,
  applicationId: string,
  now: Date,
  ctx: StepFormContext,
  docs: readonly Pick<DocumentRow, 'kind' | 'createdAt'>[],
): Promise<StepFormContext> {
  const endedAt = await requireIdentityMediaWindow(tx, applicationId, now);
  return { ...ctx, documentCounts: countIdentityMediaSince(ctx.documentCounts, docs, endedAt) };
}

/**
 * Issues the 4 digits of one face-video attempt (spec §7 `liveVideoCheck`): only inside the
 * window, at most LIVE_CODE_MAX_PER_HOUR an hour per application (1009, counted on committed
 * rows under the application's lock), valid LIVE_CODE_TTL_MS, single use.
 */
export async function issueLiveCode(ctx: AppContext, userId: string, meta: EventMeta) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    await requireIdentityMediaWindow(tx, app.id, now);
    const issued = await countLiveCodesSince(tx, app.id, new Date(now.getTime() - 60 * 60 * 1000));
    if (issued >= LIVE_CODE_MAX_PER_HOUR) throw new AppError('RATE_LIMITED');
    const digits = String(randomInt(10 ** LIVE_CODE_DIGITS)).padStart(LIVE_CODE_DIGITS, '0');
    const expiresAt = new Date(now.getTime() + LIVE_CODE_TTL_MS);
    const id = await insertLiveCode(tx, {
      applicationId: app.id,
      digitsSealed: ctx.vault.encrypt(digits),
      digitsHash: ctx.vault.lookupHash(`live-code:${app.id}:${digits}`),
      createdAt: now,
      expiresAt,
    });
    await recordEvent(tx, meta, {
      type: 'live_code_issued',
      applicationId: app.id,
      userId,
      step: 'identity_media',
      data: { live_code_id: id },
      at: now,
    });
    return { live_code_id: id, digits, expires_at: expiresAt.toISOString() };
  });
}

/**
 * Uses the attempt a face video names, in the upload's transaction: unknown, another
 * application's, used or expired → 2015 and nothing written. Marks it used by this document.
 */
export async function consumeLiveCode(
  tx: Tx,
  input: { applicationId: string; liveCodeId: string | undefined; documentId: string; now: Date },
): Promise<void> {
  if (!input.liveCodeId || !UUID.test(input.liveCodeId)) throw new AppError('LIVE_CODE_INVALID');
  const code = await lockLiveCodeOfApplication(tx, input.liveCodeId, input.applicationId);
  if (!code || code.usedAt || code.expiresAt.getTime() < input.now.getTime())
    throw new AppError('LIVE_CODE_INVALID');
  await markLiveCodeUsed(tx, code.id, input.documentId, input.now);
}

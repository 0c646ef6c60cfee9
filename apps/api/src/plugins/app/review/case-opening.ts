import { flagsOfAnswers } from '@hk/domain/review/flags';
import { applicantNameOfSnapshot, snapshotSteps } from '@hk/domain/review/items';
import { type ReviewQueue, reviewDueAt } from '@hk/domain/review/sla';
import type { Db, Tx } from '../../../db/client';
import type { Vault } from '../../../lib/crypto';
import type { SubmissionEvents } from '../submissions/submission-events';
import { findSubmissionById, type SubmissionRow } from '../submissions/submission-repository';
import { carryOverApprovals } from './carry-over-service';
import {
  findPreviousCase,
  insertCaseEvent,
  insertReviewCase,
  listSubmissionsWithoutCase,
  type ReviewCaseRow,
} from './review-repository';
import { recordSearchKeys } from './search-service';
import { recordSimilarity } from './similar-service';

// Opening review cases: on each submission (the review listens to "submitted", decision 022), and
// at start-up for applications submitted before the review existed (the data migration).

/**
 * The review listens to new submissions: inside the submission's transaction it opens the case
 * (submitted means queued), carries over the approvals of what did not change in a re-submission,
 * records the similar-clients fingerprints and the queue's search keys. Registered once per app
 * (app.ts); a failure here aborts the submission, which leaves nothing half-written.
 */
export function listenToSubmissions(events: SubmissionEvents, vault: Vault): void {
  events.onSubmitted(async ({ tx, application, submission, rows, now }) => {
    const reviewCase = await openReviewCase(tx, submission, now);
    await carryOverApprovals(tx, reviewCase, submission, now);
    // similar clients: this application's fingerprints against every other's, flagged both ways
    await recordSimilarity(tx, vault, application, rows, reviewCase, now);
    // the queue's search keys (issue #22): keyed hashes of the name tokens and last digits only
    await recordSearchKeys(tx, vault, application.id, rows, now);
  });
}

/**
 * Opens the review case of a submission, inside the submission's transaction. A re-submission
 * (an earlier case exists) goes to the `resubmission` queue with the previous case's reviewer.
 */
export async function openReviewCase(
  tx: Tx | Db,
  submission: Pick<SubmissionRow, 'id' | 'applicationId' | 'number' | 'sha256' | 'snapshot' | 'createdAt'>,
  now: Date,
): Promise<ReviewCaseRow> {
  const previous =
    submission.number > 1 ? await findPreviousCase(tx, submission.applicationId, submission.number) : null;
  const queue: ReviewQueue = previous ? 'resubmission' : 'first_review';
  const assigneeId = previous?.assigneeId ?? null;
  const answers = Object.fromEntries(snapshotSteps(submission.snapshot).map((s) => [s.step, s.answers]));
  const created = await insertReviewCase(
    tx,
    {
      applicationId: submission.applicationId,
      submissionId: submission.id,
      submissionNumber: submission.number,
      submissionSha256: submission.sha256,
      applicantName: applicantNameOfSnapshot(submission.snapshot).slice(0, 200),
      stage: assigneeId ? 'in_review' : 'queued',
      queue,
      submittedAt: submission.createdAt,
      enteredAt: now,
      dueAt: reviewDueAt(queue, now),
      flags: flagsOfAnswers(answers, now),
      assigneeId,
    },
    now,
  );
  if (assigneeId)
    await insertCaseEvent(
      tx,
      {
        caseId: created.id,
        type: 'assigned',
        actorId: null,
        previous: { assigneeId: null },
        next: {
          assigneeId,
          reason: 'resubmission',
          submissionNumber: submission.number,
          previousCaseId: previous?.id ?? null,
        },
      },
      now,
    );
  return created;
}

/** Submitted applications whose latest submission has no case get one (data migration; idempotent). */
export async function openMissingReviewCases(db: Db, now: Date): Promise<number> {
  const ids = await listSubmissionsWithoutCase(db);
  for (const id of ids) {
    const submission = await findSubmissionById(db, id);
    if (submission)
      await openReviewCase(db, submission, submission.createdAt > now ? now : submission.createdAt);
  }
  return ids.length;
}

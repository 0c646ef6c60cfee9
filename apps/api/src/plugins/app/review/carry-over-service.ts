// A re-submission's case starts from the last review (issue #14): approvals of items unchanged
// since carry over (the domain's rule, decisionsToCarryOver), inside the submission's transaction.
import { decisionsToCarryOver } from '@hk/domain/review/carry-over';
import { reviewItemKey } from '@hk/domain/review/decisions';
import { changedItemKeys, reviewItemsOfSnapshot } from '@hk/domain/review/items';
import type { Db, Tx } from '../../../db/client';
import { findSubmissionOfApplication, type SubmissionRow } from '../submissions/submission-repository';
import {
  findPreviousCase,
  insertCaseEvent,
  listDecisions,
  type ReviewCaseRow,
  upsertDecision,
} from './review-repository';

/**
 * Copies the previous case's approvals of items the new submission has unchanged into the new
 * case, each keeping who decided it and when, each an event (actor: none; `carriedOverFrom`).
 * Answers how many carried over; 0 for a first submission.
 */
export async function carryOverApprovals(
  tx: Tx | Db,
  created: ReviewCaseRow,
  submission: Pick<SubmissionRow, 'applicationId' | 'number' | 'snapshot'>,
  now: Date,
): Promise<number> {
  if (submission.number <= 1) return 0;
  const previousCase = await findPreviousCase(tx, submission.applicationId, submission.number);
  if (!previousCase) return 0;
  const previous = await findSubmissionOfApplication(
    tx,
    submission.applicationId,
    previousCase.submissionNumber,
  );
  const currentKeys = new Set(reviewItemsOfSnapshot(submission.snapshot).map(reviewItemKey));
  const changed = changedItemKeys(previous?.snapshot, submission.snapshot);
  const carried = decisionsToCarryOver(await listDecisions(tx, previousCase.id), currentKeys, changed);
  for (const d of carried) {
    await upsertDecision(tx as Tx, { ...d, caseId: created.id });
    await insertCaseEvent(
      tx,
      {
        caseId: created.id,
        type: 'item_decided',
        actorId: null,
        previous: { key: d.itemKey },
        next: { key: d.itemKey, verdict: d.verdict, reasons: [], carriedOverFrom: previousCase.id },
      },
      now,
    );
  }
  return carried.length;
}

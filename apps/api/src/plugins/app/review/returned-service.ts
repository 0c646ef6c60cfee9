// The applicant's side of a return (issue #14, spec §2 `state=refused`): which items staff sent
// back, why, and with what comment, in the applicant's language. Reads only; the internal note
// and the reviewer's name never leave the back office.
import { ApplicationStatus, applicableSteps, type Language, STEP_IDS } from '@hk/domain';
import { type ReviewItem, reviewItemKey } from '@hk/domain/review/decisions';
import { reviewItemsOfSnapshot } from '@hk/domain/review/items';
import { REVISION_REASONS, type RevisionReason } from '@hk/domain/review/reasons';
import type { ReturnedItem, ReturnedResult } from '@hk/domain/review/returned-contracts';
import type { AppContext } from '../../../context';
import { documentKindLabel, stepTitle } from '../../../lib/step-texts';
import { requireApplication } from '../application/application-access';
import { listStepRows } from '../steps/step-repository';
import { progressOf } from '../steps/step-service';
import { findSubmissionOfApplication } from '../submissions/submission-repository';
import { revisionReasonText } from './case-texts';
import { listCasesOfApplication, listDecisions } from './review-repository';

const isRevisionReason = (r: string): r is RevisionReason =>
  (REVISION_REASONS as readonly string[]).includes(r);

function labelOf(item: ReviewItem, lang: Language): string {
  return item.kind === 'step' ? stepTitle(item.step, lang) : documentKindLabel(item.documentKind, lang);
}

/**
 * What the latest return asks the applicant to change. Empty unless the application is returned
 * (-1): once re-submitted the items belong to the new case, which the applicant does not see.
 */
export async function fetchReturnedItems(
  ctx: AppContext,
  userId: string,
  lang: Language,
): Promise<ReturnedResult> {
  const app = await requireApplication(ctx, userId);
  const none: ReturnedResult = {
    status: app.status,
    submission_number: null,
    returned_at: null,
    items: [],
    steps: [],
  };
  if (app.status !== ApplicationStatus.REJECTED) return none;
  const cases = await listCasesOfApplication(ctx.db, app.id);
  const returned = cases.filter((c) => c.stage === 'returned').at(-1);
  if (!returned) return none;
  const [decisions, submission, rows] = await Promise.all([
    listDecisions(ctx.db, returned.id),
    findSubmissionOfApplication(ctx.db, app.id, returned.submissionNumber),
    listStepRows(ctx.db, app.id),
  ]);
  const byKey = new Map(decisions.filter((d) => d.verdict === 'revision').map((d) => [d.itemKey, d]));
  const items: ReturnedItem[] = reviewItemsOfSnapshot(submission?.snapshot).flatMap((item) => {
    const decision = byKey.get(reviewItemKey(item));
    if (!decision) return [];
    return [
      {
        step: item.step,
        kind: item.kind,
        document_kind: item.kind === 'document' ? item.documentKind : null,
        document_id: item.kind === 'document' ? item.documentId : null,
        label: labelOf(item, lang),
        reasons: decision.reasons.filter(isRevisionReason).map((r) => revisionReasonText(r, lang)),
        comment: decision.applicantComment,
      },
    ];
  });
  // The returned items' steps, and any other step a change has reopened since (through the registry).
  const { facts, confirmed } = progressOf(app, rows);
  const applicable = applicableSteps(facts).map((s) => s.id);
  const open = new Set([
    ...items.map((i) => i.step),
    ...applicable.filter((s) => s !== 'review' && !confirmed.has(s)),
  ]);
  return {
    status: app.status,
    submission_number: returned.submissionNumber,
    returned_at: (returned.closedAt ?? returned.updatedAt).toISOString(),
    items,
    steps: STEP_IDS.filter((s) => open.has(s)).map((step) => ({ step, confirmed: confirmed.has(step) })),
  };
}

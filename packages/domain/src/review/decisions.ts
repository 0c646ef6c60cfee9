// The review of one submission (issue #14, docs/backoffice.md "Decision model"): every applicable
// step and every document is an item; a reviewer approves each or returns it for revision with
// reasons; the case is returned to the applicant, recommended for approval, approved by a second
// person (maker-checker), or declined. Pure rules: the API stores, this decides what is allowed.
import type { StepId } from '../steps/types';
import { type DeclineReason, REVISION_REASONS, type RevisionReason } from './reasons';

export type ReviewItem =
  | { kind: 'step'; step: StepId }
  | { kind: 'document'; step: StepId; documentId: string; documentKind: string };

/** A stable key for an item within a submission: `step:<id>` or `document:<id>`. */
export function reviewItemKey(item: ReviewItem): string {
  return item.kind === 'step' ? `step:${item.step}` : `document:${item.documentId}`;
}

export const ITEM_VERDICTS = ['approved', 'revision'] as const;
export type ItemVerdict = (typeof ITEM_VERDICTS)[number];

export interface ItemDecisionInput {
  verdict: ItemVerdict;
  reasons: readonly RevisionReason[];
  /** Shown to the applicant, in the words of the reviewer (Sumsub's "comment"). */
  applicantComment: string | null;
  /** Kept for staff only (Sumsub's "note"). */
  internalNote: string | null;
}

export const APPLICANT_COMMENT_MAX = 500;
export const INTERNAL_NOTE_MAX = 2000;

export type ItemDecisionProblem =
  | 'reasons_required'
  | 'reasons_not_allowed'
  | 'reason_unknown'
  | 'comment_required_for_other'
  | 'comment_too_long'
  | 'note_too_long';

/** What is wrong with a decision on one item, or null. */
export function checkItemDecision(input: ItemDecisionInput): ItemDecisionProblem | null {
  if (input.applicantComment && [...input.applicantComment].length > APPLICANT_COMMENT_MAX)
    return 'comment_too_long';
  if (input.internalNote && [...input.internalNote].length > INTERNAL_NOTE_MAX) return 'note_too_long';
  if (input.verdict === 'approved') return input.reasons.length > 0 ? 'reasons_not_allowed' : null;
  if (input.reasons.length === 0) return 'reasons_required';
  if (input.reasons.some((r) => !(REVISION_REASONS as readonly string[]).includes(r)))
    return 'reason_unknown';
  if (input.reasons.includes('other') && !input.applicantComment?.trim()) return 'comment_required_for_other';
  return null;
}

export interface ItemState {
  key: string;
  verdict: ItemVerdict | null;
}

export interface CaseTally {
  pending: string[];
  approved: string[];
  revision: string[];
}

export function tallyItems(
  items: readonly ReviewItem[],
  verdicts: ReadonlyMap<string, ItemVerdict>,
): CaseTally {
  const tally: CaseTally = { pending: [], approved: [], revision: [] };
  for (const item of items) {
    const key = reviewItemKey(item);
    const verdict = verdicts.get(key);
    (verdict ? tally[verdict] : tally.pending).push(key);
  }
  return tally;
}

/**
 * The case's stage within status 1 (submitted) and after it. `queued`: nobody has taken it;
 * `in_review`: assigned; `recommended`: the reviewer recommends approval and waits for an approver;
 * then one of the final outcomes of this submission.
 */
export const CASE_STAGES = [
  'queued',
  'in_review',
  'recommended',
  'returned',
  'approved',
  'declined',
] as const;
export type CaseStage = (typeof CASE_STAGES)[number];

export type CaseActionProblem =
  | 'case_closed'
  | 'not_assigned_to_you'
  | 'items_pending'
  | 'items_in_revision'
  | 'nothing_to_return'
  | 'not_recommended'
  | 'approver_is_maker'
  | 'approver_took_part'
  | 'submission_changed'
  | 'already_recommended';

const OPEN_STAGES: readonly CaseStage[] = ['queued', 'in_review', 'recommended'];

export function checkIsCaseOpen(stage: CaseStage): boolean {
  return OPEN_STAGES.includes(stage);
}

interface CaseView {
  stage: CaseStage;
  assigneeId: string | null;
}

/** Deciding an item: only on an open case, not yet recommended, assigned to the one deciding. */
export function checkCanDecideItem(c: CaseView, staffId: string): CaseActionProblem | null {
  if (!checkIsCaseOpen(c.stage)) return 'case_closed';
  if (c.stage === 'recommended') return 'already_recommended';
  if (c.assigneeId !== staffId) return 'not_assigned_to_you';
  return null;
}

/** Returning the case to the applicant (status 1 → -1): at least one item in revision. */
export function checkCanReturn(c: CaseView, tally: CaseTally, staffId: string): CaseActionProblem | null {
  const problem = checkCanDecideItem(c, staffId);
  if (problem) return problem;
  if (tally.revision.length === 0) return 'nothing_to_return';
  return null;
}

/** Recommending approval (the maker): every item decided and none in revision. */
export function checkCanRecommend(c: CaseView, tally: CaseTally, staffId: string): CaseActionProblem | null {
  const problem = checkCanDecideItem(c, staffId);
  if (problem) return problem;
  if (tally.revision.length > 0) return 'items_in_revision';
  if (tally.pending.length > 0) return 'items_pending';
  return null;
}

export interface Recommendation {
  staffId: string;
  /** The SHA-256 of the submission the recommendation is about. */
  submissionSha256: string;
}

/**
 * Who took part in a case, for separation of duties (issue #22 finding 3): everyone who held it
 * (its assignee now, and every assignee of its `assigned` events, the re-submission's routing
 * included) and everyone who decided an item of it (the current decisions, whose decider of an
 * approval carried over from the previous submission is the person who made it then, and every
 * `item_decided` event's actor, so a decision replaced later still counts).
 */
export function caseParticipants(input: {
  assigneeId: string | null;
  deciderIds: readonly string[];
  events: readonly { type: string; actorId: string | null; next: Record<string, unknown> | null }[];
}): Set<string> {
  const ids = new Set<string>();
  if (input.assigneeId) ids.add(input.assigneeId);
  for (const id of input.deciderIds) ids.add(id);
  for (const e of input.events) {
    if (e.type === 'item_decided' && e.actorId) ids.add(e.actorId);
    const held = e.next?.assigneeId;
    if (e.type === 'assigned' && typeof held === 'string') ids.add(held);
  }
  return ids;
}

/**
 * Approving (the checker, status 1 → 2): a recommended case, by someone other than the maker who
 * neither held the case nor decided any of its items (`participants`, caseParticipants: separation
 * of duties, issue #22), about the very submission that was recommended, with no item in revision.
 */
export function checkCanApprove(
  c: CaseView,
  tally: CaseTally,
  recommendation: Recommendation | null,
  approverId: string,
  currentSubmissionSha256: string,
  participants: ReadonlySet<string>,
): CaseActionProblem | null {
  if (!checkIsCaseOpen(c.stage)) return 'case_closed';
  if (c.stage !== 'recommended' || !recommendation) return 'not_recommended';
  if (recommendation.staffId === approverId) return 'approver_is_maker';
  if (participants.has(approverId)) return 'approver_took_part';
  if (recommendation.submissionSha256 !== currentSubmissionSha256) return 'submission_changed';
  if (tally.revision.length > 0) return 'items_in_revision';
  if (tally.pending.length > 0) return 'items_pending';
  return null;
}

export interface DeclineInput {
  reason: DeclineReason;
  /** Required for `other`; shown to no applicant (a declined applicant reads a fixed sentence). */
  internalNote: string | null;
}

/** Declining outright (status 1 → -2): any open case, by someone allowed to (the route checks the permission). */
export function checkCanDecline(
  c: CaseView,
  input: DeclineInput,
): CaseActionProblem | 'note_required' | null {
  if (!checkIsCaseOpen(c.stage)) return 'case_closed';
  if (input.reason === 'other' && !input.internalNote?.trim()) return 'note_required';
  return null;
}

/** The steps a returned case opens for change: those of the items in revision, in flow order. */
export function stepsReturned(items: readonly ReviewItem[], revisionKeys: readonly string[]): StepId[] {
  const keys = new Set(revisionKeys);
  const steps: StepId[] = [];
  for (const item of items)
    if (keys.has(reviewItemKey(item)) && !steps.includes(item.step)) steps.push(item.step);
  return steps;
}

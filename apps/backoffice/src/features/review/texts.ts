import { CASE_STAGES, ITEM_VERDICTS, type ItemDecisionProblem } from '@hk/domain/review/decisions';
import { REVIEW_SLA_HOURS } from '@hk/domain/review/sla';

/** Every problem of checkItemDecision, each shown as `cases:problem_<problem>` (the type keeps it whole). */
const ITEM_DECISION_PROBLEMS = {
  reasons_required: true,
  reasons_not_allowed: true,
  reason_unknown: true,
  comment_required_for_other: true,
  comment_too_long: true,
  note_too_long: true,
} satisfies Record<ItemDecisionProblem, true>;

export const SORT_TEXT_KEYS = ['due', 'newest', 'oldest'] as const;

/**
 * The `cases` keys the review screens build at run time from the domain's lists (stages, queues,
 * verdicts, sorts, decision problems): the locale test checks each exists in every language.
 */
export const CASE_RUNTIME_KEYS: readonly string[] = [
  ...CASE_STAGES.map((s) => `stage_${s}`),
  ...Object.keys(REVIEW_SLA_HOURS).map((q) => `queue_${q}`),
  ...ITEM_VERDICTS.map((v) => `verdict_${v}`),
  ...SORT_TEXT_KEYS.map((s) => `sort_${s}`),
  ...Object.keys(ITEM_DECISION_PROBLEMS).map((p) => `problem_${p}`),
];

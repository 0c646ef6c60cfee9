// Why staff return an item for revision, and why an application is declined outright (issue #14).
// Each reason has a text in three languages (namespace `review` of packages/domain/src/locales,
// key `revision_<reason>` / `decline_<reason>`): the applicant reads it on the returned step, the
// staff console lists it in the decision form, and the events keep the code.

/** Reasons to return one step or one document to the applicant (Ballerine's list, adapted). */
export const REVISION_REASONS = [
  'blurry_image',
  'missing_page',
  'expired_document',
  'name_mismatch',
  'id_mismatch',
  'document_out_of_range',
  'partial_information',
  'wrong_category',
  'face_not_matching',
  'answers_inconsistent',
  'other',
] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

/** Reasons to decline the whole application: final, the case is closed. */
export const DECLINE_REASONS = [
  'not_eligible',
  'sanctions_or_watchlist',
  'suspected_fraud',
  'duplicate_application',
  'unacceptable_risk',
  'no_response_to_revision',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export function revisionReasonKey(reason: RevisionReason): string {
  return `revision_${reason}`;
}

export function declineReasonKey(reason: DeclineReason): string {
  return `decline_${reason}`;
}

// Issue #15 (docs/opening.md "Retention"): how long an application's records are kept.
//
// AMLO (Cap. 615) Schedule 2 s.20: customer-due-diligence records and transaction records are kept
// throughout the business relationship and for at least five years after it ends. What "ends"
// means here:
// - an opened account (5): when the relationship ends (`relationship_ended_at`, set when the
//   account is closed); while it lasts, the records are kept and no date is given;
// - a declined application (-2): at the decline (`relationship_ended_at`, set by the decline);
// - an application that never became an account (still being filled in, sent back, approved or
//   activated but never opened): the relationship never began; we keep its records as if it had
//   ended at its last activity, so an applicant who comes back keeps one history, and the clock
//   starts again with any new activity.
// A legal hold that is not released stops disposal whatever the date says.
import { ApplicationStatus } from '../progress';

export const RETENTION_YEARS = 5;

export const RETENTION_BASES = ['relationship_ended', 'relationship_open', 'last_activity'] as const;
export type RetentionBasis = (typeof RETENTION_BASES)[number];

export interface RetentionInput {
  status: number;
  relationshipEndedAt: Date | null;
  /** The latest change of the application (its `updated_at`). */
  lastActivityAt: Date;
  /** Holds not released. */
  activeHolds: number;
}

export interface Retention {
  basis: RetentionBasis;
  /** When the clock started (null while the relationship lasts). */
  clockFrom: Date | null;
  /** The first instant the records may go (null while the relationship lasts). */
  keepUntil: Date | null;
  onHold: boolean;
  /** May go now: the date has passed and no hold stands. */
  eligible: boolean;
}

/** `at` plus `years` calendar years (29 February becomes 1 March in a common year). */
export function addYears(at: Date, years: number): Date {
  const d = new Date(at.getTime());
  // Date rolls 29 February of a common year over to 1 March by itself
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/** Whether moving an application to `status` ends the relationship (the clock starts then). */
export function checkEndsRelationship(status: number): boolean {
  return status === ApplicationStatus.DECLINED;
}

/** The retention of one application's records at `now`. */
export function retentionOf(input: RetentionInput, now: Date): Retention {
  const onHold = input.activeHolds > 0;
  let basis: RetentionBasis;
  let clockFrom: Date | null;
  if (input.relationshipEndedAt) {
    basis = 'relationship_ended';
    clockFrom = input.relationshipEndedAt;
  } else if (input.status === ApplicationStatus.OPENED) {
    basis = 'relationship_open';
    clockFrom = null;
  } else {
    basis = 'last_activity';
    clockFrom = input.lastActivityAt;
  }
  const keepUntil = clockFrom ? addYears(clockFrom, RETENTION_YEARS) : null;
  const eligible = keepUntil !== null && now.getTime() >= keepUntil.getTime() && !onHold;
  return { basis, clockFrom, keepUntil, onHold, eligible };
}

/** The latest instant whose clock has run out by `now` (the disposal list's first filter). */
export function retentionCutoff(now: Date): Date {
  return addYears(now, -RETENTION_YEARS);
}

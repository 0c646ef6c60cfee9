// Issue #12 item 8: every call that writes an application's history (an event or a row kept after
// it is replaced) has a budget per application per hour, so a client cannot fill the database
// with history. Past it: 2019 ACTION_LIMIT, nothing written. A call that changes nothing writes
// nothing and spends nothing. docs/api/steps/README.md ("Action limits") lists them.

/** The window every budget is counted over: the last hour, on the server's clock. */
export const ACTION_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Writes allowed per application in ACTION_LIMIT_WINDOW_MS. Each is several times what a person
 * needs in an hour:
 * - `appointment`: risk-call bookings and changes (a few changes of mind);
 * - `agreement_opened`: first openings of a document as it renders (6 documents × 3 languages is 18;
 *   a changed answer renders some again);
 * - `risk_disclosure_start`: recordings started anew (a listening takes 2–5 minutes);
 * - `upload`: document rows, replaced or deleted ones included (an ID's two sides, up to 3 proofs
 *   of address and of assets, a consent, photos or a video, each retaken a few times).
 */
export const ACTION_LIMITS_PER_HOUR = {
  appointment: 10,
  agreement_opened: 40,
  risk_disclosure_start: 10,
  upload: 30,
} as const;

export type BudgetedAction = keyof typeof ACTION_LIMITS_PER_HOUR;

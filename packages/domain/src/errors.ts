// One error catalogue (docs/errors.md mirrors this table). Keys index the `errors` namespace of
// every language; the server translates `info`, the client translates field errors.

export const ErrorCode = {
  OK: 0,
  /** spec §8: the client logs out and goes to /login */
  SESSION_INVALID: 1001,
  VALIDATION_FAILED: 1002,
  BAD_SIGN: 1003,
  STALE_TIMESTAMP: 1004,
  MALFORMED_REQUEST: 1005,
  PAYLOAD_TOO_LARGE: 1006,
  NOT_FOUND: 1007,
  UNSUPPORTED_MEDIA_TYPE: 1008,
  /** The general per-address request limit of the API (HTTP 429, transport level). */
  RATE_LIMITED: 1009,
  INTERNAL: 1099,
  APPLICATION_NOT_FOUND: 2001,
  APPLICATION_LOCKED: 2002,
  ID_USED_BY_OTHER_MOBILE: 2003,
  MOBILE_USED_WITH_OTHER_ID: 2004,
  STEP_NOT_READY: 2005,
  ID_IMAGES_MISSING: 2006,
  /** Another device saved this step since the form was loaded: nothing was overwritten. */
  STEP_VERSION_CONFLICT: 2007,
  /** More than 10 ID-number confirmations for one application in 24 hours. */
  ID_CHECK_LIMIT: 2008,
  /** A submission needs every applicable step confirmed. */
  STEPS_INCOMPLETE: 2009,
  /** The status machine refuses this change from the current status or for this actor. */
  STATUS_CHANGE_REFUSED: 2010,
  /** The step cannot be saved through the generic step call (yet, or it has calls of its own). */
  STEP_NOT_AVAILABLE: 2011,
  /** The risk-disclosure call is booked only when the investment answers say less than one year in everything (spec §4). */
  APPOINTMENT_NOT_NEEDED: 2012,
  /** The risk-disclosure recording was not heard in full (ranges with gaps, or faster than allowed). */
  RECORDING_NOT_HEARD: 2013,
  /** Identity photos or video more than 5 minutes after the recording ended: listen again (spec §9). */
  IDENTITY_MEDIA_WINDOW_PASSED: 2014,
  /** The 4 digits to read in the face video are unknown, used or expired: ask for new ones. */
  LIVE_CODE_INVALID: 2015,
  /** The handwritten signature is blank or too small. */
  SIGNATURE_REFUSED: 2016,
  /** Answers changed after the agreements were rendered or signed: read and sign again. */
  SIGNATURE_STALE: 2017,
  /** An agreement was accepted without being opened first. */
  AGREEMENT_NOT_OPENED: 2018,
  /** Too many changes of one kind for this application in the last hour (issue #12: history budgets). */
  ACTION_LIMIT: 2019,
  /** The application was declined by staff (-2): the decision is final, nothing can be changed or submitted. */
  APPLICATION_DECLINED: 2020,
  /** Identity deposit (issue #15, 2101–2129): the application is not approved, so there is no deposit to make. */
  DEPOSIT_NOT_AVAILABLE: 2101,
  /** "I have paid" needs the transfer's voucher on file (after a request from operations, a new one). */
  REMITTANCE_VOUCHER_MISSING: 2102,
  /** The applicant said they paid: the voucher changes only after taking that back (reset_status). */
  REMITTANCE_ALREADY_PAID: 2103,
  /** The deposit is matched (the account activated or opened): nothing about it changes any more. */
  REMITTANCE_MATCHED: 2104,
  /** The deposit changed since the screen read it (operations asked for another voucher): nothing was written. */
  REMITTANCE_CHANGED: 2105,
  /** The bank-update page is only for a submitted application without a designated account (spec §4). */
  BANK_UPDATE_NOT_NEEDED: 2106,
  UPLOAD_TYPE_REFUSED: 3001,
  UPLOAD_TOO_LARGE: 3002,
  DOCUMENT_NOT_FOUND: 3003,
  UPLOAD_FILE_MISSING: 3004,
  UPLOAD_UNREADABLE: 3005,
  /** A step's document kind already has as many files as it allows. */
  UPLOAD_COUNT_EXCEEDED: 3006,
  /** A face video shorter than 3 s or longer than 10 s. */
  VIDEO_DURATION_REFUSED: 3007,
  /** An upload the server could not check within its time or memory limit, or while too busy to queue it. */
  UPLOAD_PROCESSING_LIMIT: 3008,
  /** Staff console (issue #14): no session, or it ended (idle, absolute lifetime, signed out). HTTP 401. */
  STAFF_NOT_SIGNED_IN: 5001,
  /** Wrong username, password or TOTP code, a replayed code, or a disabled account: one answer for all. HTTP 401. */
  STAFF_WRONG_CREDENTIALS: 5002,
  /** Many failed sign-ins of this username from several addresses (docs/backoffice.md "Sign-in limits"): locked, the same answer whatever the password. HTTP 423. */
  STAFF_LOCKED: 5003,
  /** The staff member's roles do not grant the permission this call needs. HTTP 403. */
  STAFF_NOT_ALLOWED: 5004,
  /** A state-changing staff call without the session's CSRF token. HTTP 403. */
  STAFF_CSRF_REFUSED: 5005,
  /** No staff member with that id (the audit of one member's reads). HTTP 404. */
  STAFF_MEMBER_NOT_FOUND: 5006,
  /** Too many failed sign-ins from this address, or of this username from it: wait (Retry-After), the same answer whatever the password. HTTP 429. */
  STAFF_TOO_MANY_ATTEMPTS: 5007,
  /** A first-sign-in link that is unknown, expired, used or replaced by a newer one. HTTP 404. */
  STAFF_SETUP_LINK_INVALID: 5008,
  /** The username is taken (without case). HTTP 409. */
  STAFF_USERNAME_TAKEN: 5009,
  /** Separation of duties: nobody gives herself a role that decides cases, disables herself, resets her own sign-in or takes away her own administration. HTTP 403. */
  STAFF_SELF_CHANGE_REFUSED: 5010,
  /** Review (issue #14, 51xx): no such case, or no such item or document in it. HTTP 404. */
  CASE_NOT_FOUND: 5101,
  /** The case changed since it was read (its `version`): nothing was written; reload it. HTTP 409. */
  CASE_VERSION_CONFLICT: 5102,
  /** The case is closed (returned, approved or declined): nothing more can be decided on it. HTTP 409. */
  CASE_CLOSED: 5103,
  /** Items are decided by the person the case is assigned to. HTTP 409. */
  CASE_NOT_ASSIGNED_TO_YOU: 5104,
  /** The case is recommended for approval: its items can no longer change. HTTP 409. */
  CASE_ALREADY_RECOMMENDED: 5105,
  /** Some items have no decision yet. HTTP 409. */
  CASE_ITEMS_PENDING: 5106,
  /** Some items are returned for revision: return the case instead of recommending or approving it. HTTP 409. */
  CASE_ITEMS_IN_REVISION: 5107,
  /** Returning the case needs at least one item returned for revision. HTTP 409. */
  CASE_NOTHING_TO_RETURN: 5108,
  /** Only a recommended case can be approved. HTTP 409. */
  CASE_NOT_RECOMMENDED: 5109,
  /** Maker-checker: the person who recommended a case cannot approve it. HTTP 409. */
  CASE_APPROVER_IS_MAKER: 5110,
  /** The submission is not the one recommended: the approval is void. HTTP 409. */
  CASE_SUBMISSION_CHANGED: 5111,
  /** A decision the rules refuse (reasons missing or not allowed, comment required or too long). HTTP 400. */
  CASE_DECISION_INVALID: 5112,
  /** The authenticator code re-entered to approve is wrong or was used before. HTTP 403. */
  CASE_TOTP_REFUSED: 5113,
  /** The case cannot be given to that person (unknown, disabled, or without the role to decide). HTTP 400. */
  CASE_ASSIGNEE_INVALID: 5114,
  /** Separation of duties (issue #22): whoever held the case or decided an item of it cannot approve it. HTTP 409. */
  CASE_APPROVER_TOOK_PART: 5115,
  /** Deposits (issue #15, 52xx): no such credit, receiving account or application for operations. HTTP 404. */
  DEPOSIT_NOT_FOUND: 5201,
  /** The credit or remittance changed since it was read (its `version`): nothing was written; reload it. HTTP 409. */
  DEPOSIT_VERSION_CONFLICT: 5202,
  /** The statement file cannot be imported (malformed, too large, not this account's format): nothing was written. HTTP 400. */
  STATEMENT_REFUSED: 5203,
  /** A manual match that breaks a rule of the identity deposit (the reasons are given): nothing was written. HTTP 409. */
  DEPOSIT_MATCH_REFUSED: 5204,
  /** The credit is not in a state for this action (already matched, refunded, or not flagged for refund). HTTP 409. */
  DEPOSIT_CREDIT_STATE: 5205,
  /** A clearer voucher can be asked for only while the application waits for its deposit and nothing is matched. HTTP 409. */
  DEPOSIT_VOUCHER_NOT_OPEN: 5206,
  /** Content (issue #15, 53xx): no such IPO or banner (or it was deleted). HTTP 404. */
  CONTENT_NOT_FOUND: 5301,
  /** The content changed since it was read (its `version`): nothing was written; reload it. HTTP 409. */
  CONTENT_VERSION_CONFLICT: 5302,
  /** Opening and records (issue #15, 54xx): no such application. HTTP 404. */
  RECORDS_APPLICATION_NOT_FOUND: 5401,
  /** Only an activated application (status 3, deposit matched) can be opened. HTTP 409. */
  OPENING_NOT_ACTIVATED: 5402,
  /** The account is already open (someone opened it meanwhile): nothing was changed. HTTP 409. */
  OPENING_ALREADY_OPENED: 5403,
  /** Another account was being opened at the same moment and took the number: try again. HTTP 409. */
  OPENING_NUMBER_BUSY: 5404,
  /** No such legal hold on this application. HTTP 404. */
  LEGAL_HOLD_NOT_FOUND: 5420,
  /** The legal hold is already released (someone released it meanwhile). HTTP 409. */
  LEGAL_HOLD_ALREADY_RELEASED: 5421,
  /** Notifications outbox (issue #22, 58xx): no such message. HTTP 404. */
  OUTBOX_MESSAGE_NOT_FOUND: 5801,
  /** The message changed since it was read (retried by someone else, or no longer failed or uncertain): nothing was changed. HTTP 409. */
  OUTBOX_VERSION_CONFLICT: 5802,
  /** spec §8: SMS needs the image captcha; the client shows it and refreshes it */
  CAPTCHA_REQUIRED: 8001,
  CAPTCHA_WRONG: 8002,
  SMS_TOO_SOON: 8003,
  SMS_HOURLY_LIMIT: 8004,
  SMS_DAILY_LIMIT: 8005,
  SMS_IP_LIMIT: 8006,
  SMS_SEND_FAILED: 8007,
  /** Too many image captchas from one network in an hour (rendering them costs the server). */
  CAPTCHA_IP_LIMIT: 8008,
  SMS_CODE_WRONG: 8010,
  SMS_CODE_EXPIRED: 8011,
  SMS_CODE_LOCKED: 8012,
  /** Too many wrong SMS codes from one network in an hour, over every mobile (login guessing). */
  LOGIN_IP_LIMIT: 8013,
  MOBILE_DECODE_FAILED: 8020,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** i18n key (namespace `errors`) of the sentence shown for a status. */
export function errorKey(name: ErrorCodeName): string {
  return `code_${name.toLowerCase()}`;
}

const byValue = new Map<number, ErrorCodeName>(
  Object.entries(ErrorCode).map(([k, v]) => [v, k as ErrorCodeName]),
);

export function errorNameOf(status: number): ErrorCodeName | undefined {
  return byValue.get(status);
}

/** HTTP status for transport-level problems; business outcomes answer 200 (spec §7 client). */
export function httpStatusOf(name: ErrorCodeName): number {
  switch (name) {
    case 'MALFORMED_REQUEST':
      return 400;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'NOT_FOUND':
      return 404;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    // The staff console's API answers its failures with their HTTP class (staff/contracts.ts).
    case 'STAFF_NOT_SIGNED_IN':
    case 'STAFF_WRONG_CREDENTIALS':
      return 401;
    case 'STAFF_NOT_ALLOWED':
    case 'STAFF_CSRF_REFUSED':
      return 403;
    case 'STAFF_LOCKED':
      return 423;
    case 'STAFF_TOO_MANY_ATTEMPTS':
      return 429;
    case 'STAFF_SETUP_LINK_INVALID':
      return 404;
    case 'STAFF_USERNAME_TAKEN':
      return 409;
    case 'STAFF_SELF_CHANGE_REFUSED':
      return 403;
    case 'CASE_NOT_FOUND':
    case 'STAFF_MEMBER_NOT_FOUND':
    case 'DEPOSIT_NOT_FOUND':
    case 'RECORDS_APPLICATION_NOT_FOUND':
    case 'LEGAL_HOLD_NOT_FOUND':
    case 'CONTENT_NOT_FOUND':
    case 'OUTBOX_MESSAGE_NOT_FOUND':
      return 404;
    case 'CASE_DECISION_INVALID':
    case 'CASE_ASSIGNEE_INVALID':
    case 'STATEMENT_REFUSED':
      return 400;
    case 'CASE_TOTP_REFUSED':
      return 403;
    case 'CONTENT_VERSION_CONFLICT':
    case 'OPENING_NOT_ACTIVATED':
    case 'OPENING_ALREADY_OPENED':
    case 'OPENING_NUMBER_BUSY':
    case 'LEGAL_HOLD_ALREADY_RELEASED':
    case 'OUTBOX_VERSION_CONFLICT':
    case 'DEPOSIT_VERSION_CONFLICT':
    case 'DEPOSIT_MATCH_REFUSED':
    case 'DEPOSIT_CREDIT_STATE':
    case 'DEPOSIT_VOUCHER_NOT_OPEN':
    case 'CASE_VERSION_CONFLICT':
    case 'CASE_CLOSED':
    case 'CASE_NOT_ASSIGNED_TO_YOU':
    case 'CASE_ALREADY_RECOMMENDED':
    case 'CASE_ITEMS_PENDING':
    case 'CASE_ITEMS_IN_REVISION':
    case 'CASE_NOTHING_TO_RETURN':
    case 'CASE_NOT_RECOMMENDED':
    case 'CASE_APPROVER_IS_MAKER':
    case 'CASE_APPROVER_TOOK_PART':
    case 'CASE_SUBMISSION_CHANGED':
      return 409;
    default:
      return 200;
  }
}

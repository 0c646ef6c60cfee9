import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person who logged in with a phone number. The number is encrypted; mobile_hash finds it. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  region: text('region').notNull(),
  mobileEnc: text('mobile_enc').notNull(),
  mobileHash: text('mobile_hash').notNull().unique(),
  mobileMasked: text('mobile_masked').notNull(),
  source: text('source'),
  signup: jsonb('signup').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  lastLoginAt: ts('last_login_at'),
});

/** Session tokens are 256 random bits; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Image captchas, bound to a device id, single use. */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id').notNull(),
    textHash: text('text_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('captchas_device_idx').on(t.deviceId, t.createdAt)],
);

/** Every captcha issued, by client IP: the per-IP limit counts these rows. */
export const captchaRequests = pgTable(
  'captcha_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('captcha_requests_ip_idx').on(t.ip, t.createdAt)],
);

/** Every SMS code sent: the rate limits count these rows; the code itself is kept as a hash. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileHash: text('mobile_hash').notNull(),
    ip: text('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    supersededAt: ts('superseded_at'),
    /** The provider is asked after the row commits (never inside a transaction): its outcome. */
    sentAt: ts('sent_at'),
    sendFailedAt: ts('send_failed_at'),
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    index('sms_codes_mobile_idx').on(t.mobileHash, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Captcha demands: each SMS request (sent or refused) counts toward "asked twice in the last hour". */
export const smsRequests = pgTable(
  'sms_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileHash: text('mobile_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_requests_mobile_idx').on(t.mobileHash, t.createdAt),
    index('sms_requests_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Every wrong SMS code given at login, by mobile and by client key (lib/client-key.ts): the
 * per-address limit on wrong codes and the captcha after 3 wrong tries for a mobile count these.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileHash: text('mobile_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_mobile_idx').on(t.mobileHash, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * One account-opening application per user: who, which markets, where it stands. What the person
 * answered lives in `application_steps`, what happened in `application_events`, what they
 * submitted in `submissions` (docs/decisions/007-application-steps.md).
 */
export const applications = pgTable('applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** spec §4; changed only through the status machine (packages/domain/src/status-machine.ts). */
  status: smallint('status').notNull().default(0),
  markets: jsonb('markets').$type<string[]>().notNull(),
  source: text('source'),
  bankType: smallint('bank_type').notNull().default(0),
  bankAudit: smallint('bank_audit').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  submittedAt: ts('submitted_at'),
  /** issue #15: the identity deposit's reference code, given when the applicant first asks for it. */
  depositReference: text('deposit_reference').unique(),
  /** issue #15: set by `confirm_deposit` (2 → 3) and `open` (3 → 5). */
  activatedAt: ts('activated_at'),
  openedAt: ts('opened_at'),
  /** issue #15: the securities account number and the HKIDR BCAN, given at opening. */
  accountNumber: text('account_number').unique(),
  bcan: text('bcan').unique(),
  /** No HKIDR consent: the account may only sell (SFC's investor identification regime). */
  sellOnly: boolean('sell_only'),
  /** issue #15: when the business relationship ended (or the application was declined): the AMLO
   * retention clock (five years) runs from here. */
  relationshipEndedAt: ts('relationship_ended_at'),
});

/** A sealed answer: ciphertext (vault), look-up hash, masked form. */
export interface SealedAnswer {
  sealed: string;
  hash: string | null;
  masked: string | null;
}

/**
 * One row per application and step: the answers (parsed by the step's schema on every write),
 * the sealed ones apart, a version for optimistic concurrency, and whether (and why not) the step
 * is confirmed.
 */
export const applicationSteps = pgTable(
  'application_steps',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    sealed: jsonb('sealed').$type<Record<string, SealedAnswer>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    confirmedAt: ts('confirmed_at'),
    /** Why a confirmed step was opened again (a reopen reason key); cleared on confirmation. */
    reopenedReason: text('reopened_reason'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.step] }),
    // duplicate-account look-ups by ID number (spec §4)
    index('application_steps_id_hash_idx')
      .on(sql`(${t.sealed}->'id_number'->>'hash')`)
      .where(sql`step = 'identity'`),
  ],
);

/**
 * Append-only history (a trigger refuses UPDATE and DELETE): who did what to which application,
 * when, from where (the client address only as a keyed hash).
 */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: uuid('application_id').references(() => applications.id),
    userId: uuid('user_id').references(() => users.id),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    type: text('type').notNull(),
    step: text('step'),
    statusFrom: smallint('status_from'),
    statusTo: smallint('status_to'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    clientHash: text('client_hash'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_events_app_idx').on(t.applicationId, t.id),
    index('application_events_app_type_idx').on(t.applicationId, t.type, t.createdAt),
    index('application_events_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Immutable, numbered snapshots of what was submitted (a trigger refuses UPDATE and DELETE);
 * a re-submission after a refusal is the next number.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    number: integer('number').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('submissions_app_number_idx').on(t.applicationId, t.number)],
);

/** Start-up data migrations that need the server's keys or files (db/data-migrations.ts). */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  doneAt: ts('done_at').notNull().defaultNow(),
});

/** Uploaded files, each owned by a step and a kind; the sealed bytes are in the file store. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('documents_app_idx').on(t.applicationId, t.step, t.kind)],
);

/**
 * Sealed file bytes for the `database` file store (FILE_STORE=database, the default): written in
 * the same transaction as the row that refers to them, so a crash leaves neither half.
 */
export const fileBlobs = pgTable('file_blobs', {
  storageKey: text('storage_key').primaryKey(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/**
 * The booked risk-disclosure call of an application (spec §4: experience under 1 year; issue #6
 * step 8): one per application (the primary key), so two racing requests cannot book two. A change
 * replaces the slot and bumps the version; each booking and change is also an application event.
 */
export const riskCallAppointments = pgTable('risk_call_appointments', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  /** The call's start (a half-hour slot, Monday to Friday 9:00–17:30 Hong Kong time). */
  slotAt: ts('slot_at').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Every email code mailed for the personal step (mailCheck, issue #6 step 3): the sending limits
 * count these rows (per address, per client key, per application); the code is kept only as a
 * keyed hash, the address only as its look-up hash. A row whose code was given right
 * (`verified_at`) is the application's proof that it receives mail at that address.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    ip: text('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    verifiedAt: ts('verified_at'),
    supersededAt: ts('superseded_at'),
    /** The mail server is asked after the row commits (never inside a transaction): its outcome. */
    sentAt: ts('sent_at'),
    sendFailedAt: ts('send_failed_at'),
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    index('email_codes_email_idx').on(t.emailHash, t.createdAt),
    index('email_codes_ip_idx').on(t.ip, t.createdAt),
    index('email_codes_app_idx').on(t.applicationId, t.createdAt),
  ],
);

/**
 * The 4 digits a face video is read with (issue #7 step 2, `liveVideoCheck`): one row per attempt,
 * bound to the application, single use (`used_at` and the video's `document_id` set by the upload
 * that names it), valid until `expires_at`. The digits are kept sealed by the vault for the
 * reviewer who compares them with the video, and as a keyed hash.
 */
export const liveVideoCodes = pgTable(
  'live_video_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    digitsSealed: text('digits_sealed').notNull(),
    digitsHash: text('digits_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
  },
  (t) => [index('live_video_codes_app_idx').on(t.applicationId, t.createdAt)],
);

/**
 * Staff of the broker who use the back office (issue #14, docs/backoffice.md). The username is
 * stored in its one spelling (lower case) and unique without case; the password only as an
 * argon2id hash; the TOTP secret sealed by the vault. `last_totp_step` is the RFC 6238 step of the
 * last code accepted: a code of that step or an earlier one is refused (replay).
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** Null until the member's first sign-in (staff_setup_tokens) sets it, and after a reset. */
    passwordHash: text('password_hash'),
    /** Null until the member enrols an authenticator (first sign-in, or after a reset). */
    totpSecretSealed: text('totp_secret_sealed'),
    roles: jsonb('roles').$type<string[]>().notNull(),
    language: text('language').notNull().default('en'),
    disabledAt: ts('disabled_at'),
    failedCount: smallint('failed_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_members_username_idx').on(sql`lower(${t.username})`)],
);

/**
 * Failed staff sign-ins (issue #22, docs/backoffice.md "Sign-in limits"): by the username as typed
 * (normalised; known or not, so a limit never tells whether an account exists) and the client's
 * address. The limits count these rows in their windows, in the database, so every server
 * process sees the same counts; the purge deletes them after a day.
 */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_sign_in_failures_username_idx').on(t.username, t.createdAt),
    index('staff_sign_in_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * One-time links for a staff member's first sign-in (and after an authenticator reset): only the
 * SHA-256 of the link's token is stored; single use (`used_at`), expiring, and a newer link for
 * the same member revokes the older. `pending_totp_sealed` is the secret shown as a QR code, sealed
 * by the vault, until a code from the app confirms it.
 */
export const staffSetupTokens = pgTable(
  'staff_setup_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => staffMembers.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    pendingTotpSealed: text('pending_totp_sealed'),
  },
  (t) => [
    uniqueIndex('staff_setup_tokens_hash_idx').on(t.tokenHash),
    index('staff_setup_tokens_staff_idx').on(t.staffId, t.createdAt),
  ],
);

/**
 * Server-side staff sessions: the cookie holds 256 random bits, only their SHA-256 is stored. A
 * session ends when idle, at its absolute end, or by signing out (`ended_at`, `ended_reason`).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    endedReason: text('ended_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId, t.createdAt),
    index('staff_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE): every sign-in, failure, lock-out, sign-out and
 * session end, with who (the account when known, the username as typed otherwise), from where.
 */
export const staffEvents = pgTable(
  'staff_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: uuid('staff_id').references(() => staffMembers.id),
    username: text('username'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_events_staff_idx').on(t.staffId, t.createdAt),
    index('staff_events_type_idx').on(t.type, t.createdAt),
  ],
);

/**
 * The review of one submission (issue #14, docs/backoffice.md "Review and decisions"): one case per
 * submission, created in the submission's transaction. `stage` is the case's place in the review
 * (review/decisions.ts CASE_STAGES), `queue` and `due_at` its service level, `flags` what the
 * reviewer should look at twice. Maker-checker: `approved_by` differs from `recommended_by`, a
 * rule the database holds (CHECK), not only the code. Every write compares and bumps `version`.
 */
export const reviewCases = pgTable(
  'review_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    submissionId: uuid('submission_id')
      .notNull()
      .unique()
      .references(() => submissions.id),
    submissionNumber: integer('submission_number').notNull(),
    submissionSha256: text('submission_sha256').notNull(),
    /** The name on the ID, for the queue's list (no ID number, no phone). */
    applicantName: text('applicant_name').notNull(),
    stage: text('stage').notNull(),
    queue: text('queue').notNull(),
    submittedAt: ts('submitted_at').notNull(),
    enteredAt: ts('entered_at').notNull(),
    dueAt: ts('due_at').notNull(),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    assigneeId: uuid('assignee_id').references(() => staffMembers.id),
    recommendedBy: uuid('recommended_by').references(() => staffMembers.id),
    recommendedAt: ts('recommended_at'),
    recommendedSha256: text('recommended_sha256'),
    approvedBy: uuid('approved_by').references(() => staffMembers.id),
    approvedAt: ts('approved_at'),
    declineReason: text('decline_reason'),
    declineNote: text('decline_note'),
    declinedBy: uuid('declined_by').references(() => staffMembers.id),
    declinedAt: ts('declined_at'),
    closedAt: ts('closed_at'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_cases_app_number_idx').on(t.applicationId, t.submissionNumber),
    // the queue: open cases by due date (the first page), by submission time, by assignee, by flag
    index('review_cases_open_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`stage in ('queued', 'in_review', 'recommended')`),
    index('review_cases_open_submitted_idx')
      .on(t.submittedAt, t.id)
      .where(sql`stage in ('queued', 'in_review', 'recommended')`),
    index('review_cases_stage_due_idx').on(t.stage, t.dueAt, t.id),
    index('review_cases_assignee_due_idx').on(t.assigneeId, t.dueAt),
    index('review_cases_flags_idx').using('gin', t.flags),
    // the queue's capped counts at a million cases (npm run bench:queue): an open case by assignee
    // read from the index alone (its filter columns as keys: drizzle has no INCLUDE), flags of open cases
    index('review_cases_open_assignee_due_idx')
      .on(t.assigneeId, t.dueAt, t.id, t.stage, t.queue, t.flags, t.submittedAt)
      .where(sql`stage in ('queued', 'in_review', 'recommended')`),
    index('review_cases_open_flags_idx')
      .using('gin', t.flags)
      .where(sql`stage in ('queued', 'in_review', 'recommended')`),
    check(
      'review_cases_stage_check',
      sql`stage in ('queued', 'in_review', 'recommended', 'returned', 'approved', 'declined')`,
    ),
    check('review_cases_queue_check', sql`queue in ('first_review', 'resubmission', 'approval')`),
    check(
      'review_cases_maker_checker_check',
      sql`approved_by is null or (recommended_by is not null and approved_by <> recommended_by)`,
    ),
    check('review_cases_version_check', sql`version >= 0`),
  ],
);

/** The current decision on each item of a case (the history is in review_case_events). */
export const reviewItemDecisions = pgTable(
  'review_item_decisions',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => reviewCases.id),
    itemKey: text('item_key').notNull(),
    verdict: text('verdict').notNull(),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    applicantComment: text('applicant_comment'),
    internalNote: text('internal_note'),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    decidedAt: ts('decided_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.itemKey] }),
    check('review_item_decisions_verdict_check', sql`verdict in ('approved', 'revision')`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE): every assignment, item decision and case
 * action, with the value before and after, and the staff member who made it.
 */
export const reviewCaseEvents = pgTable(
  'review_case_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => reviewCases.id),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => staffMembers.id),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    next: jsonb('next').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_case_events_case_idx').on(t.caseId, t.id),
    check(
      'review_case_events_type_check',
      sql`type in ('assigned', 'item_decided', 'returned', 'recommended', 'approved', 'declined')`,
    ),
  ],
);

/**
 * Append-only: every read by staff of what the applicant's file keeps out of sight (a document's
 * bytes, later a decrypted number), with who, when and from where.
 */
export const staffAccessEvents = pgTable(
  'staff_access_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    caseId: uuid('case_id').references(() => reviewCases.id),
    what: text('what').notNull(),
    documentId: uuid('document_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_access_events_app_idx').on(t.applicationId, t.id),
    index('staff_access_events_staff_idx').on(t.staffId, t.id),
  ],
);

/**
 * The applicant's notifications (issue #14, docs/backoffice.md "Notifications"): one row per
 * message, written in the transaction of the decision that causes it (a return, an approval, a
 * decline) and sent after the commit by the outbox sender (notifications/outbox-sender.ts). No
 * phone number or address is kept here: the sender reads them from the user and the personal step
 * when it sends. `(event_key, channel)` is unique, so one event never makes two messages. Claimed
 * then sent (issue #22, migration 0017): a claim (FOR UPDATE SKIP LOCKED) commits `sending`, bumps
 * `attempts` and `version` and moves `available_at` past a lease before any provider is asked; a
 * row found `sending` past its lease is sent again only through a provider that takes an
 * idempotency key, else it is `unknown` for operators to check and retry by hand (`version` makes
 * two retries race safely). Retried with back-off, kept when `failed`. `last_error` is short and
 * names no person; `error_kind` is what the console says in words.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What caused it, e.g. `case:<id>:refused`. */
    eventKey: text('event_key').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    /** When the next attempt may start (a claim moves it a lease ahead). */
    availableAt: ts('available_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    providerMessageId: text('provider_message_id'),
    /** Bumped by every change of state: a claim's outcome and an operator's retry compare it. */
    version: integer('version').notNull().default(0),
    /** Why the last attempt did not end `sent` (OUTBOX_ERROR_KINDS), in words on the console. */
    errorKind: text('error_kind'),
    /** When the last claim was made (the provider was asked at about that time). */
    lastAttemptAt: ts('last_attempt_at'),
  },
  (t) => [
    uniqueIndex('outbox_messages_event_channel_idx').on(t.eventKey, t.channel),
    index('outbox_messages_due_idx').on(t.availableAt).where(sql`status = 'pending'`),
    index('outbox_messages_sending_idx').on(t.availableAt).where(sql`status = 'sending'`),
    index('outbox_messages_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`status in ('pending', 'sending', 'unknown', 'failed')`),
    index('outbox_messages_app_idx').on(t.applicationId, t.createdAt),
    check('outbox_messages_channel_check', sql`channel in ('sms', 'email')`),
    check(
      'outbox_messages_template_check',
      sql`template in ('refused', 'approved', 'declined', 'voucher_requested', 'activated', 'opened', 'third_party_refund')`,
    ),
    check('outbox_messages_lang_check', sql`lang in ('zh-CN', 'zh-HK', 'en')`),
    check(
      'outbox_messages_status_check',
      sql`status in ('pending', 'sending', 'sent', 'unknown', 'failed', 'skipped')`,
    ),
    check('outbox_messages_attempts_check', sql`attempts >= 0`),
    check(
      'outbox_messages_error_kind_check',
      sql`error_kind in ('refused', 'no_answer', 'interrupted', 'no_recipient')`,
    ),
    check('outbox_messages_version_check', sql`version >= 0`),
  ],
);

/**
 * What each submitted application is compared by for "similar clients" (issue #14,
 * packages/domain/src/review/similar.ts): the kind and the keyed hash of its value (never the value).
 */
export const clientFingerprints = pgTable(
  'client_fingerprints',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    kind: text('kind').notNull(),
    valueHash: text('value_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.kind, t.valueHash] }),
    index('client_fingerprints_value_idx').on(t.kind, t.valueHash),
    check('client_fingerprints_kind_check', sql`kind in ('name_birth', 'bank_account', 'email', 'device')`),
  ],
);

/**
 * Search in the review queue (issue #22 finding 7, packages/domain/src/review/search.ts): keyed
 * hashes of an application's normalised name tokens (`name`) and of the last 4 or more characters
 * of its mobile and identity number (`digits`), written at each submission; never the values.
 */
export const reviewSearchKeys = pgTable(
  'review_search_keys',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    kind: text('kind').notNull(),
    valueHash: text('value_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.kind, t.valueHash] }),
    index('review_search_keys_value_idx').on(t.kind, t.valueHash, t.applicationId),
    check('review_search_keys_kind_check', sql`kind in ('name', 'digits')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue #15: the identity deposit, bank statements, FX rates, opening, content, retention.
// ---------------------------------------------------------------------------------------------

/**
 * The broker's own accounts that receive identity deposits, by currency (`remittance_info`). The
 * bank's name in each language; `statement_format` says how that bank's statement is read
 * (packages/domain/src/deposit/statement.ts). Maintained by operations; never deleted (a
 * statement refers to it), only made inactive.
 */
export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    currency: text('currency').notNull(),
    bankName: jsonb('bank_name').$type<Record<'zh-CN' | 'zh-HK' | 'en', string>>().notNull(),
    bankCode: text('bank_code').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    fpsId: text('fps_id'),
    swift: text('swift').notNull(),
    statementFormat: text('statement_format').notNull(),
    active: boolean('active').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receiving_accounts_number_idx').on(t.bankCode, t.accountNumber, t.currency),
    check('receiving_accounts_currency_check', sql`currency in ('HKD', 'USD')`),
  ],
);

/**
 * The applicant's side of the identity deposit, one row per application: the voucher they
 * uploaded (a document of kind `remittance_voucher`), when they said they had paid
 * (`finish_remittance`), a request from operations for a clearer voucher (the reason shown on
 * /remitUploadAgain), and the statement credit it was matched to. Every write compares and bumps
 * `version`.
 */
export const remittances = pgTable(
  'remittances',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id),
    state: text('state').notNull().default('open'),
    currency: text('currency'),
    voucherDocumentId: uuid('voucher_document_id').references(() => documents.id),
    paidAt: ts('paid_at'),
    voucherRequestedAt: ts('voucher_requested_at'),
    voucherRequestedBy: uuid('voucher_requested_by').references(() => staffMembers.id),
    voucherRequestReason: text('voucher_request_reason'),
    voucherRequestNote: text('voucher_request_note'),
    matchedCreditId: uuid('matched_credit_id').references((): AnyPgColumn => statementCredits.id),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('remittances_state_idx').on(t.state, t.paidAt),
    check('remittances_state_check', sql`state in ('open', 'paid', 'voucher_requested', 'matched')`),
    check('remittances_currency_check', sql`currency is null or currency in ('HKD', 'USD')`),
  ],
);

/**
 * One imported bank statement file. The same file twice is one import (`sha256` unique); its
 * sealed bytes are kept in the file store (`storage_key`) for the evidence pack.
 */
export const statementImports = pgTable('statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  receivingAccountId: uuid('receiving_account_id')
    .notNull()
    .references(() => receivingAccounts.id),
  fileName: text('file_name').notNull(),
  format: text('format').notNull(),
  sha256: text('sha256').notNull().unique(),
  storageKey: text('storage_key').notNull().unique(),
  size: integer('size').notNull(),
  lineCount: integer('line_count').notNull(),
  creditCount: integer('credit_count').notNull(),
  newCreditCount: integer('new_credit_count').notNull(),
  importedBy: uuid('imported_by')
    .notNull()
    .references(() => staffMembers.id),
  /** The background job that reads and imports the file (issue #22, docs/backoffice.md "Jobs"). */
  jobId: uuid('job_id'),
  createdAt: createdAt(),
});

/**
 * One credit line of a statement. `line_key` (statement.ts `lineKey`) is unique: the same line in
 * two files is one credit. The payer's account number is sealed (vault), with a keyed hash to
 * compare it with the designated account and a masked form to show. A credit is matched to at
 * most one application and an application has at most one matched credit; a third-party or short
 * payment is `flagged` (never matched silently), then `refund_recorded` by operations.
 */
export const statementCredits = pgTable(
  'statement_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => statementImports.id),
    receivingAccountId: uuid('receiving_account_id')
      .notNull()
      .references(() => receivingAccounts.id),
    lineKey: text('line_key').notNull().unique(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    payerName: text('payer_name'),
    payerAccountSealed: text('payer_account_sealed'),
    payerAccountHash: text('payer_account_hash'),
    payerAccountMasked: text('payer_account_masked'),
    reference: text('reference'),
    state: text('state').notNull().default('unmatched'),
    flagReasons: text('flag_reasons').array().notNull().default(sql`'{}'::text[]`),
    applicationId: uuid('application_id').references(() => applications.id),
    matchKind: text('match_kind'),
    matchedBy: uuid('matched_by').references(() => staffMembers.id),
    matchedAt: ts('matched_at'),
    refundRecordedBy: uuid('refund_recorded_by').references(() => staffMembers.id),
    refundRecordedAt: ts('refund_recorded_at'),
    refundNote: text('refund_note'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('statement_credits_state_idx').on(t.state, t.bookingDate),
    index('statement_credits_app_idx').on(t.applicationId),
    index('statement_credits_reference_idx').on(t.reference),
    uniqueIndex('statement_credits_one_match_idx').on(t.applicationId).where(sql`state = 'matched'`),
    check(
      'statement_credits_state_check',
      sql`state in ('unmatched', 'matched', 'flagged', 'refund_recorded')`,
    ),
    check('statement_credits_match_check', sql`state <> 'matched' or application_id is not null`),
    check('statement_credits_match_kind_check', sql`match_kind is null or match_kind in ('auto', 'manual')`),
    check('statement_credits_amount_check', sql`amount_minor > 0`),
  ],
);

/**
 * The rates operations maintain for the deposit minimum (HKD per one unit of `currency`), one per
 * currency and day; a correction replaces the day's rate and is a staff event.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    validOn: date('valid_on', { mode: 'string' }).notNull(),
    hkdPerUnit: numeric('hkd_per_unit', { precision: 18, scale: 8 }).notNull(),
    enteredBy: uuid('entered_by')
      .notNull()
      .references(() => staffMembers.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.validOn] }),
    check('fx_rates_currency_check', sql`currency in ('USD')`),
    check('fx_rates_rate_check', sql`hkd_per_unit > 0`),
  ],
);

/** Today's IPOs on the status page (spec §3 IPO item), managed by the content role. */
export const contentIpos = pgTable(
  'content_ipos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productCode: text('product_code').notNull(),
    name: jsonb('name').$type<Record<'zh-CN' | 'zh-HK' | 'en', string>>().notNull(),
    popularity: smallint('popularity').notNull().default(0),
    /** "0" means no leverage (spec §3), otherwise the multiple, e.g. "20". */
    leverage: text('leverage').notNull().default('0'),
    minSubAmountMinor: bigint('min_sub_amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    subscribeFrom: date('subscribe_from', { mode: 'string' }).notNull(),
    subscribeTo: date('subscribe_to', { mode: 'string' }).notNull(),
    published: boolean('published').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => staffMembers.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('content_ipos_dates_idx').on(t.subscribeFrom, t.subscribeTo),
    check('content_ipos_dates_check', sql`subscribe_to >= subscribe_from`),
    check('content_ipos_amount_check', sql`min_sub_amount_minor >= 0`),
    check('content_ipos_currency_check', sql`currency in ('HKD', 'USD', 'CNY')`),
  ],
);

/**
 * The status page's banner carousel (spec §3 banner item). `type` is one of spec §3's list and
 * `data` holds what that type needs; the image is processed like other uploads and kept sealed in
 * the file store. Shown between `starts_at` and `ends_at`, in `language` (or every language).
 */
export const contentBanners = pgTable(
  'content_banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    language: text('language').notNull().default('all'),
    title: text('title').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    imageKey: text('image_key').notNull(),
    imageMime: text('image_mime').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    imageSha256: text('image_sha256').notNull(),
    sort: integer('sort').notNull().default(0),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => staffMembers.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('content_banners_live_idx').on(t.language, t.sort),
    check(
      'content_banners_type_check',
      sql`type in ('openWebView', 'stock_detail', 'miniProgram', 'ipoList', 'stock_ipo')`,
    ),
    check('content_banners_language_check', sql`language in ('all', 'zh-CN', 'zh-HK', 'en')`),
  ],
);

/**
 * Customer service as the status page shows it (spec §1, §3 service QR response), one row (id 1):
 * phone numbers, hours, whether the QR block is shown, the QR image and the chat account.
 */
export const contentService = pgTable(
  'content_service',
  {
    id: smallint('id').primaryKey().default(1),
    phoneHk: text('phone_hk').notNull(),
    phoneCn: text('phone_cn').notNull(),
    hours: jsonb('hours').$type<Record<'zh-CN' | 'zh-HK' | 'en', string>>().notNull(),
    showQr: boolean('show_qr').notNull().default(false),
    qrImageKey: text('qr_image_key'),
    qrImageMime: text('qr_image_mime'),
    chatAccount: text('chat_account'),
    version: integer('version').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => staffMembers.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [check('content_service_one_row_check', sql`id = 1`)],
);

/**
 * Append-only: every change to content (IPOs, banners, customer service), to receiving accounts
 * and to FX rates, with who made it and the values before and after.
 */
export const contentEvents = pgTable(
  'content_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    next: jsonb('next').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('content_events_entity_idx').on(t.entity, t.entityId, t.id),
    check(
      'content_events_entity_check',
      sql`entity in ('ipo', 'banner', 'service', 'receiving_account', 'fx_rate')`,
    ),
  ],
);

/**
 * A legal hold on an application's records: while one is not released, nothing of the application
 * may be purged, whatever its retention clock says.
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    reason: text('reason').notNull(),
    placedBy: uuid('placed_by')
      .notNull()
      .references(() => staffMembers.id),
    placedAt: ts('placed_at').notNull().defaultNow(),
    releasedBy: uuid('released_by').references(() => staffMembers.id),
    releasedAt: ts('released_at'),
    releaseReason: text('release_reason'),
  },
  (t) => [
    index('legal_holds_app_idx').on(t.applicationId),
    check('legal_holds_release_check', sql`(released_at is null) = (released_by is null)`),
  ],
);

/**
 * Heavy staff work run in the background (issue #22, docs/backoffice.md "Jobs"): a statement
 * import, an evidence-pack export. Claimed with FOR UPDATE SKIP LOCKED under a lease
 * (`lease_token`, `lease_until`) that the runner renews as it goes: a job whose process died is
 * claimed again once its lease has run out, and resumes from `progress_done` (each batch commits
 * its progress with its rows). `error_code` is a key of the `errors` catalogue (words in three
 * languages); `result_key` a sealed file of the file store, kept until `result_expires_at`.
 */
export const staffJobs = pgTable(
  'staff_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('queued'),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    errorCode: text('error_code'),
    resultKey: text('result_key'),
    resultExpiresAt: ts('result_expires_at'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staffMembers.id),
    attempts: integer('attempts').notNull().default(0),
    leaseToken: uuid('lease_token'),
    leaseUntil: ts('lease_until'),
    runAfter: ts('run_after').notNull().defaultNow(),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    heartbeatAt: ts('heartbeat_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('staff_jobs_due_idx').on(t.state, t.runAfter).where(sql`state in ('queued', 'running')`),
    index('staff_jobs_created_by_idx').on(t.createdBy, t.createdAt),
    uniqueIndex('staff_jobs_result_key_idx').on(t.resultKey),
    check('staff_jobs_kind_check', sql`kind in ('statement_import', 'evidence_export')`),
    check('staff_jobs_state_check', sql`state in ('queued', 'running', 'succeeded', 'failed')`),
    check(
      'staff_jobs_progress_check',
      sql`progress_done >= 0 and (progress_total is null or progress_done <= progress_total)`,
    ),
    check('staff_jobs_failed_check', sql`state <> 'failed' or error_code is not null`),
  ],
);

// Contracts of the review calls of the staff console (issue #14, docs/backoffice.md). Paths are
// under STAFF_API_PREFIX (/backoffice/api); answers are the usual envelope; every state-changing
// call carries the CSRF header and the `version` of the case it was decided on (optimistic
// concurrency: a stale version answers 409 and changes nothing, so two staff deciding at once
// cannot overwrite each other).
//
// Texts a person reads (field labels and values, reasons, flags, step and document names) come
// already rendered in the staff member's language from the step catalogues: the console shows
// them as they are and names no field.
import * as z from 'zod/mini';
import { STEP_IDS } from '../steps/types';
import { CASE_STAGES, ITEM_VERDICTS } from './decisions';
import { CASE_FLAGS } from './flags';
import { DECLINE_REASONS, REVISION_REASONS } from './reasons';
import { parseQueueSearch, SEARCH_MAX_LENGTH } from './search';
import { REVIEW_SLA_HOURS } from './sla';

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const QUEUES = Object.keys(REVIEW_SLA_HOURS) as [
  keyof typeof REVIEW_SLA_HOURS,
  ...(keyof typeof REVIEW_SLA_HOURS)[],
];

/** GET /backoffice/api/cases: the queue (permission case.read). */
export const CaseQueueQuerySchema = z.object({
  /** Default: the open stages (queued, in_review, recommended). */
  stage: z.optional(z.enum(CASE_STAGES)),
  queue: z.optional(z.enum(QUEUES)),
  flag: z.optional(z.enum(CASE_FLAGS)),
  /** A staff id, 'me', or 'none' (unassigned). */
  assignee: z.optional(z.union([uuid, z.literal('me'), z.literal('none')])),
  overdue: z.optional(z.enum(['true', 'false'])),
  /** Submitted at least this many hours ago. */
  minAgeHours: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(24 * 365))),
  sort: z.optional(z.enum(['due', 'submitted', '-submitted'])),
  /**
   * Search (issue #22): a name or part of it (Chinese or English), an application number, or the
   * last 4 or more digits of the mobile or the ID number (review/search.ts parseQueueSearch).
   */
  q: z.optional(
    z.string().check(
      z.maxLength(SEARCH_MAX_LENGTH),
      z.refine((v) => typeof parseQueueSearch(v) !== 'string', { message: 'search_too_short' }),
    ),
  ),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type CaseQueueQuery = z.infer<typeof CaseQueueQuerySchema>;

const StaffRefSchema = z.object({ id: z.string(), displayName: z.string() });

export const CaseSummarySchema = z.object({
  id: z.string(),
  /** The applicant's name as on the ID, for the list (no ID number, no phone). */
  applicantName: z.string(),
  submissionNumber: z.number(),
  stage: z.enum(CASE_STAGES),
  queue: z.enum(QUEUES),
  submittedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  assignee: z.nullable(StaffRefSchema),
  flags: z.array(z.object({ flag: z.enum(CASE_FLAGS), label: z.string() })),
  version: z.number(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

export const CaseQueueSchema = z.object({
  cases: z.array(CaseSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type CaseQueue = z.infer<typeof CaseQueueSchema>;

const FieldLineSchema = z.object({ label: z.string(), value: z.string() });

export const CaseItemSchema = z.object({
  /** `step:<id>` or `document:<id>` (reviewItemKey). */
  key: z.string(),
  kind: z.enum(['step', 'document']),
  step: z.enum(STEP_IDS),
  /** The step's title, or the document's kind, in the staff member's language. */
  title: z.string(),
  /** A step's answers rendered by its catalogue for staff (sealed values masked). */
  fields: z.array(FieldLineSchema),
  /** A document's file: its type, size, and whether its bytes still hash to the submission's SHA-256. */
  document: z.nullable(
    z.object({ id: z.string(), mime: z.string(), size: z.number(), sha256: z.string(), intact: z.boolean() }),
  ),
  decision: z.nullable(
    z.object({
      verdict: z.enum(ITEM_VERDICTS),
      reasons: z.array(z.object({ reason: z.enum(REVISION_REASONS), label: z.string() })),
      applicantComment: z.nullable(z.string()),
      internalNote: z.nullable(z.string()),
      decidedBy: StaffRefSchema,
      decidedAt: z.string(),
    }),
  ),
  /** For a re-submission: whether this item changed since the submission last reviewed. */
  changedSinceLastReview: z.boolean(),
  /** For a changed step: each line whose value differs from the submission last reviewed (before, after). */
  changes: z.array(
    z.object({ label: z.string(), before: z.nullable(z.string()), after: z.nullable(z.string()) }),
  ),
});
export type CaseItem = z.infer<typeof CaseItemSchema>;

export const CaseEventSchema = z.object({
  at: z.string(),
  actor: z.nullable(StaffRefSchema),
  type: z.string(),
  /** The event in words, in the staff member's language. */
  text: z.string(),
});

/** GET /backoffice/api/cases/:id */
export const CaseViewSchema = z.object({
  case: CaseSummarySchema,
  /** The application's id: its records page (issue #22) and the audit name it. */
  applicationId: z.string(),
  submissionSha256: z.string(),
  recommendation: z.nullable(z.object({ by: StaffRefSchema, at: z.string(), submissionSha256: z.string() })),
  items: z.array(CaseItemSchema),
  events: z.array(CaseEventSchema),
  earlierSubmissions: z.array(z.object({ number: z.number(), submittedAt: z.string(), outcome: z.string() })),
  /** Similar clients: other applications sharing a name and birth date, a bank account, an email or a device. */
  similar: z.array(
    z.object({ caseId: z.nullable(z.string()), applicantName: z.string(), reasons: z.array(z.string()) }),
  ),
  /** What the signed-in person may do now, so the console shows only those buttons. */
  can: z.object({
    assignToMe: z.boolean(),
    reassign: z.boolean(),
    decideItems: z.boolean(),
    returnToApplicant: z.boolean(),
    recommend: z.boolean(),
    approve: z.boolean(),
    decline: z.boolean(),
    readSensitive: z.boolean(),
    /** records.read: the case links to its application's records page. */
    readRecords: z.boolean(),
  }),
  /**
   * Why the signed-in approver may not approve this recommended case, when the only thing stopping
   * her is separation of duties (checkCanApprove's `approver_took_part`: she held the case or decided
   * an item of it), so the console says so where the Approve button would be; null otherwise.
   */
  cannotApprove: z.nullable(z.enum(['approver_took_part'])),
});
export type CaseView = z.infer<typeof CaseViewSchema>;

const versioned = { version: z.number().check(z.int(), z.minimum(0)) };

/** POST /backoffice/api/cases/:id/assign: to oneself (no assigneeId) or to someone (case.reassign). */
export const AssignCaseRequestSchema = z.object({ ...versioned, assigneeId: z.optional(uuid) });

/** PUT /backoffice/api/cases/:id/items/:key */
export const DecideItemRequestSchema = z.object({
  ...versioned,
  verdict: z.enum(ITEM_VERDICTS),
  reasons: z.array(z.enum(REVISION_REASONS)).check(z.maxLength(REVISION_REASONS.length)),
  applicantComment: z.nullable(z.string().check(z.maxLength(2000))),
  internalNote: z.nullable(z.string().check(z.maxLength(4000))),
});
export type DecideItemRequest = z.infer<typeof DecideItemRequestSchema>;

/** POST /backoffice/api/cases/:id/return and /recommend */
export const CaseActionRequestSchema = z.object(versioned);

/** POST /backoffice/api/cases/:id/approve: the approver re-enters a TOTP code. */
export const ApproveCaseRequestSchema = z.object({
  ...versioned,
  totp: z.string().check(z.regex(/^\d{6}$/)),
});

/** POST /backoffice/api/cases/:id/decline */
export const DeclineCaseRequestSchema = z.object({
  ...versioned,
  reason: z.enum(DECLINE_REASONS),
  internalNote: z.nullable(z.string().check(z.maxLength(4000))),
});

/** The answer of every case action: the case as it is now. */
export const CaseActionResponseSchema = CaseViewSchema;

/** GET /backoffice/api/applications/:id/access-events (audit.read): who read what of an application. */
export const AccessEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  staff: StaffRefSchema,
  /** What was read: `document` (a file's bytes). */
  what: z.string(),
  /** The application whose data was read, and the applicant's name on its case. */
  applicationId: z.string(),
  applicantName: z.nullable(z.string()),
  caseId: z.nullable(z.string()),
  documentId: z.nullable(z.string()),
  /** The document's kind in the staff member's language, when a document was read. */
  documentKind: z.nullable(z.string()),
  ip: z.nullable(z.string()),
});
export const AccessEventsResponseSchema = z.object({ events: z.array(AccessEventSchema) });
export type AccessEvent = z.infer<typeof AccessEventSchema>;

/**
 * GET /backoffice/api/assignees (case.reassign): the staff a case can be given to — active, not
 * locked out, holding case.decide_items — by display name.
 */
export const AssigneeListSchema = z.object({
  assignees: z.array(z.object({ id: z.string(), displayName: z.string() })),
});
export type AssigneeList = z.infer<typeof AssigneeListSchema>;

/** GET /backoffice/api/staff-members (audit.read): everyone with a staff account, for the audit. */
export const StaffMemberListSchema = z.object({
  members: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      displayName: z.string(),
      roles: z.array(z.string()),
      disabled: z.boolean(),
    }),
  ),
});
export type StaffMemberList = z.infer<typeof StaffMemberListSchema>;

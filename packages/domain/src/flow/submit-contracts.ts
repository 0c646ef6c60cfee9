// One contract per endpoint (engineering guide): the review and the submission (spec §7 `audit`,
// `submit`; issue #7 step 5). docs/api/steps/review.md.
import * as z from 'zod/mini';
import { DocumentSchema } from '../contracts/application.schema';
import { envelope } from '../contracts/common.schema';
import { REOPEN_REASONS, STEP_IDS } from '../steps/types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// POST /v9/OpenAccountHk/submit { idempotency_key } — session required
export const SubmitRequestSchema = z.object({
  /**
   * A UUID the review screen makes once per visit and sends again on every retry: calls with one
   * key make one submission, and each answers that submission.
   */
  idempotency_key: z.string({ error: 'invalid_value' }).check(z.regex(UUID, 'invalid_value')),
});
export type SubmitRequest = z.input<typeof SubmitRequestSchema>;

// A plain shape spread into the schemas, not z.extend: extend's code would land in the login
// page's chunk (zod's core module is shared with it) and cost its budget.
const SUBMISSION_SUMMARY_SHAPE = {
  /** 1 for the first submission, 2 for the re-submission after a refusal… */
  submission_number: z.number(),
  /** SHA-256 (hex) of the frozen snapshot's canonical JSON: what the PDF prints on every page. */
  sha256: z.string(),
  submitted_at: z.string(),
};
export const SubmissionSummarySchema = z.object(SUBMISSION_SUMMARY_SHAPE);
export type SubmissionSummary = z.infer<typeof SubmissionSummarySchema>;

export const SubmitResponseSchema = envelope(
  z.object({
    ...SUBMISSION_SUMMARY_SHAPE,
    /** The application's status after the call (1, submitted). */
    status: z.number(),
    /**
     * true when this call made no new submission: the same key was used before, or the
     * application was already submitted (a second device, a double tap); the answer is then the
     * submission that stands.
     */
    replayed: z.boolean(),
  }),
);
export type SubmitResult = z.infer<typeof SubmitResponseSchema>['data'];

// POST /v9/OpenAccountHk/audit — session required: every applicable step as the review shows it
export const AuditResponseSchema = envelope(
  z.object({
    /** The application's status (spec §4: 0 filling, 1 submitted, -1 refused, 2, 3, 5). */
    status: z.number(),
    /** Applicable steps in flow order (the review itself left out). */
    steps: z.array(
      z.object({
        step: z.enum(STEP_IDS),
        confirmed: z.boolean(),
        reopened_reason: z.nullable(z.enum(REOPEN_REASONS)),
        answers: z.record(z.string(), z.unknown()),
        /** Sealed answers, masked (never the value). */
        sealed: z.record(z.string(), z.nullable(z.string())),
        documents: z.array(DocumentSchema),
      }),
    ),
    /** Steps a submit would be refused for (2009), in flow order: the first is where to go. */
    blocking: z.array(z.enum(STEP_IDS)),
    /** The latest submission, once there is one. */
    submission: z.nullable(SubmissionSummarySchema),
  }),
);
export type AuditResult = z.infer<typeof AuditResponseSchema>['data'];

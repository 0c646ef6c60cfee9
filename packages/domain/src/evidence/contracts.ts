// Contracts of the records calls of the staff console (issue #15, docs/evidence-pack.md): one
// application's retention clock and legal holds, the evidence-pack download, and the read-only list
// of applications whose records may go. Paths are under STAFF_API_PREFIX (/backoffice/api).
import * as z from 'zod/mini';
import { RETENTION_BASES } from '../opening/retention';
import { typedText } from '../text';

// any short string: the service answers 404 for what is not an application's id, as the review does
const id = z.string().check(z.maxLength(64));

export const RecordsParamsSchema = z.object({ id });
export const HoldParamsSchema = z.object({ id, holdId: id });

/** A hold's or a release's reason: in words, under the text rule, 3 to 500 characters. */
export const HOLD_REASON_MIN = 3;
export const HOLD_REASON_MAX = 500;
const holdReason = typedText({
  max: HOLD_REASON_MAX,
  requiredKey: 'hold_reason_required',
  tooLongKey: 'hold_reason_too_long',
}).check(z.minLength(HOLD_REASON_MIN, 'hold_reason_required'));
export const PlaceHoldRequestSchema = z.object({ reason: holdReason });
export const ReleaseHoldRequestSchema = z.object({ reason: holdReason });

export const LegalHoldSchema = z.object({
  id: z.string(),
  reason: z.string(),
  placedBy: z.string(),
  placedAt: z.string(),
  releasedBy: z.nullable(z.string()),
  releasedAt: z.nullable(z.string()),
  releaseReason: z.nullable(z.string()),
});
export type LegalHold = z.infer<typeof LegalHoldSchema>;

/** GET /backoffice/api/records/:id (records.read). */
export const RecordsViewSchema = z.object({
  applicationId: z.string(),
  applicantName: z.string(),
  status: z.number(),
  accountNumber: z.nullable(z.string()),
  openedAt: z.nullable(z.string()),
  retention: z.object({
    basis: z.enum(RETENTION_BASES),
    clockFrom: z.nullable(z.string()),
    keepUntil: z.nullable(z.string()),
    onHold: z.boolean(),
    eligible: z.boolean(),
  }),
  holds: z.array(LegalHoldSchema),
  can: z.object({ export: z.boolean(), hold: z.boolean() }),
});
export type RecordsView = z.infer<typeof RecordsViewSchema>;

/** GET /backoffice/api/records/disposal (records.read): whose records may go now; nothing is deleted. */
export const DisposalListSchema = z.object({
  applications: z.array(
    z.object({
      applicationId: z.string(),
      applicantName: z.string(),
      status: z.number(),
      basis: z.enum(RETENTION_BASES),
      keepUntil: z.string(),
    }),
  ),
});
export type DisposalList = z.infer<typeof DisposalListSchema>;

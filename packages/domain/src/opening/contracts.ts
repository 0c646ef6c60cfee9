// Contracts of the opening calls of the staff console (issue #15, docs/opening.md). Paths are under
// STAFF_API_PREFIX (/backoffice/api); answers are the usual envelope; the open call carries the
// CSRF header. Texts a person reads come rendered in the staff member's language.
import * as z from 'zod/mini';

// any short string: the service answers 404 for what is not an application's id, as the review does
const id = z.string().check(z.maxLength(64));

/** One activated application waiting to be opened. */
export const OpeningCandidateSchema = z.object({
  applicationId: z.string(),
  applicantName: z.string(),
  /** ISO instants. */
  submittedAt: z.nullable(z.string()),
  activatedAt: z.nullable(z.string()),
  /** The applicant gave the HKIDR consent (a BCAN will be assigned), or not (sell-only). */
  hkidrConsent: z.boolean(),
});
export type OpeningCandidate = z.infer<typeof OpeningCandidateSchema>;

/** GET /backoffice/api/opening: activated applications (3), oldest activation first (account.open). */
export const OpeningQueueSchema = z.object({ applications: z.array(OpeningCandidateSchema) });
export type OpeningQueue = z.infer<typeof OpeningQueueSchema>;

export const OpenAccountParamsSchema = z.object({ id });

/** POST /backoffice/api/opening/:id (account.open): 3 → 5. */
export const OpenAccountResponseSchema = z.object({
  applicationId: z.string(),
  accountNumber: z.string(),
  /** Stored BCAN (10 digits), or null when sell-only. */
  bcan: z.nullable(z.string()),
  /** The BCAN as orders carry it (`<CE number>-<BCAN>`), or null. */
  bcanTagged: z.nullable(z.string()),
  sellOnly: z.boolean(),
  openedAt: z.string(),
});
export type OpenAccountResponse = z.infer<typeof OpenAccountResponseSchema>;

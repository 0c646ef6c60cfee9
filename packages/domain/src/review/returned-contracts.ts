// One contract per endpoint (engineering guide): what staff returned for changes, as the applicant
// reads it (issue #14, spec §2 `state=refused`). docs/api/steps/returned.md.
import * as z from 'zod/mini';
import { envelope } from '../contracts/common.schema';
import { STEP_IDS } from '../steps/types';

// POST /v9/OpenAccountHk/returned — session required, never cached
export const ReturnedItemSchema = z.object({
  /** The step the item belongs to: the screen that opens for the change. */
  step: z.enum(STEP_IDS),
  /** A step's answers, or one of its documents. */
  kind: z.enum(['step', 'document']),
  /** The document's kind (e.g. id_front) for a document, else null: the screen marks that photo. */
  document_kind: z.nullable(z.string()),
  /** The returned document's id (its tile shows the reason while it still shows that file), else null. */
  document_id: z.nullable(z.string()),
  /** What was returned, in words in the request's language ("ID card (front)", "Address"). */
  label: z.string(),
  /** Why, each reason in words in the request's language. */
  reasons: z.array(z.string()),
  /** The reviewer's comment to the applicant (never the internal note), or null. */
  comment: z.nullable(z.string()),
});
export type ReturnedItem = z.infer<typeof ReturnedItemSchema>;

export const ReturnedResponseSchema = envelope(
  z.object({
    /** The application's status (-1 while returned for changes). */
    status: z.number(),
    /** The submission that was returned (1, 2…), or null when nothing is returned now. */
    submission_number: z.nullable(z.number()),
    /** When staff returned it (ISO), or null. */
    returned_at: z.nullable(z.string()),
    /** Items returned, in flow order; empty unless the status is -1. */
    items: z.array(ReturnedItemSchema),
    /** Steps that open for change (those of the items, in flow order), each with whether it is done again. */
    steps: z.array(z.object({ step: z.enum(STEP_IDS), confirmed: z.boolean() })),
  }),
);
export type ReturnedResult = z.infer<typeof ReturnedResponseSchema>['data'];

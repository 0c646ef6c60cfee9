// One contract per endpoint (engineering guide): the generic step calls.
import * as z from 'zod/mini';
import { DocumentSchema, stepVersion } from '../contracts/application.schema';
import { envelope, formBoolean } from '../contracts/common.schema';
import { REOPEN_REASONS, STEP_IDS } from '../steps/types';

export const StepParamsSchema = z.object({ step: z.enum(STEP_IDS, { error: 'step_invalid' }) });

// POST /v9/OpenAccountHk/step/:step — JSON or form body
export const StepSaveRequestSchema = z.object({
  /** The step's version the screen was built from; another device's save since → 2007. */
  step_version: z.optional(stepVersion),
  /** true: the person confirms the step (the whole form and the step's rules are checked). */
  confirm: z._default(formBoolean, false),
  answers: z.record(z.string(), z.unknown(), { error: 'invalid_value' }),
});
export type StepSaveRequest = z.input<typeof StepSaveRequestSchema>;

export const StepSaveResponseSchema = envelope(
  z.object({
    step: z.enum(STEP_IDS),
    version: z.number(),
    confirmed: z.boolean(),
    info_progress: z.number(),
    next_step: z.nullable(z.enum(STEP_IDS)),
    /** Steps this save opened again, with why. */
    reopened: z.array(z.object({ step: z.enum(STEP_IDS), reason: z.enum(REOPEN_REASONS) })),
  }),
);

// POST /v9/OpenAccountHk/step_info/:step
export const StepInfoResponseSchema = envelope(
  z.object({
    step: z.enum(STEP_IDS),
    version: z.number(),
    confirmed_at: z.nullable(z.string()),
    reopened_reason: z.nullable(z.enum(REOPEN_REASONS)),
    answers: z.record(z.string(), z.unknown()),
    /** Sealed answers, masked (never the value). */
    sealed: z.record(z.string(), z.nullable(z.string())),
    documents: z.array(DocumentSchema),
  }),
);

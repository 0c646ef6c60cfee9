// POST /v9/OpenAccountHk/status in a module of its own: the login page reads the status, and a
// bundler keeps every top-level schema of a module it loads (zod calls are not known to be pure), so
// this one must not sit with the opening flow's schemas (application.schema.ts).
import * as z from 'zod/mini';
import { FLOW_STAGES, PROGRESS_VALUES } from '../progress';
import { REOPEN_REASONS, STEP_IDS } from '../steps/types';
import { envelope } from './common.schema';

const STAGE_IDS = FLOW_STAGES.map((s) => s.id) as [string, ...string[]];

// POST /v9/OpenAccountHk/status (spec §3 user status response)
export const UserStatusSchema = z.object({
  suid: z.string(),
  is_marketing: z.number(),
  is_show_open_cs_qrcode: z.number(),
  status: z.number(),
  bank_type: z.number(),
  bank_audit: z.number(),
  info_progress: z.number().check(z.minimum(0), z.maximum(100)),
  progress: z.enum(PROGRESS_VALUES),
  stages_done: z.array(z.enum(STAGE_IDS)),
  /** The first applicable step not confirmed (the registry's order); null before loginCreate and once submitted. */
  next_step: z.nullable(z.enum(STEP_IDS)),
  /** Every applicable step: confirmed or not, and why it was opened again. */
  steps: z.array(
    z.object({
      step: z.enum(STEP_IDS),
      confirmed: z.boolean(),
      reopened_reason: z.nullable(z.enum(REOPEN_REASONS)),
    }),
  ),
  mobile_masked: z.string(),
});
export type UserStatus = z.infer<typeof UserStatusSchema>;
export const UserStatusResponseSchema = envelope(UserStatusSchema);

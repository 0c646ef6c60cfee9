// One contract per endpoint (engineering guide): the risk-disclosure call's booking (spec §4, §7
// `appointment_status`, `appoint`). The slot's rules are in ./appointments.ts; the server parses the
// slot again with them against its own clock.
import * as z from 'zod/mini';
import { envelope } from '../../contracts/common.schema';
import { textRule } from '../../text';

const version = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v)),
  z.number({ error: 'invalid_value' }).check(z.int('invalid_value'), z.minimum(0, 'invalid_value')),
);

// POST /v9/OpenAccountHk/appoint — JSON or form body
export const AppointRequestSchema = z.object({
  /** The call's start, with its offset: `2026-12-01T10:30:00+08:00` (a `Z` time is read as the same instant). */
  slot: z
    .string({ error: 'appointment_invalid' })
    .check(...textRule(), z.maxLength(40, 'appointment_invalid')),
  /**
   * The booking's version the screen showed (0: none booked): a change made meanwhile on another
   * device → 2007, nothing written. Optional: without it the last change wins. (Not `version`: that
   * name is a common parameter of every request, spec §7.)
   */
  appointment_version: z.optional(version),
});
export type AppointRequest = z.input<typeof AppointRequestSchema>;

export const AppointmentSchema = z.object({
  /** `YYYY-MM-DDTHH:mm:00+08:00`, Hong Kong time. */
  slot: z.string(),
  /** 1 when first booked, +1 on each change. */
  version: z.number(),
  /** When it was booked or last changed (ISO, UTC). */
  booked_at: z.string(),
});

export const AppointResponseSchema = envelope(
  z.object({ appointment: AppointmentSchema, changed_from: z.nullable(z.string()) }),
);

// POST /v9/OpenAccountHk/appointment_status — no payload
export const AppointmentStatusResponseSchema = envelope(
  z.object({
    /** The saved investment answers say less than one year in every product (spec §4). */
    needed: z.boolean(),
    appointment: z.nullable(AppointmentSchema),
    /** Length of a call, in minutes: each slot is a start. */
    slot_minutes: z.number(),
    /** The days that can be booked from today (Hong Kong), each with the starts that can be booked, for the picker. */
    days: z.array(z.object({ date: z.string(), slots: z.array(z.string()) })),
  }),
);

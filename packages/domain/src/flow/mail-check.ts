// One contract per endpoint (engineering guide): POST /v9/OpenAccountHk/mailCheck (spec §7), the
// email verification of the personal step. Three actions: `send` mails a 6-digit code to an address,
// `verify` checks a code for that address, `status` says whether this application verified an address
// (mailing nothing: the screen asks it when it shows a saved draft's email). Codes, their lifetime, tries and sending limits are the
// SMS codes' (constants.ts), counted per application, per client address and per address; an
// application's first codes to an address are its own allowance, which no other application's sends
// can use up (decision 010).
import * as z from 'zod/mini';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_S, SMS_COUNTDOWN_S } from '../constants';
import { envelope } from '../contracts/common.schema';
import { emailSchema } from '../steps/personal/form';

/** The mailed code: 6 digits, valid 5 minutes, 5 wrong tries, like the SMS code (spec §9). */
export const MAIL_CODE_LENGTH = SMS_CODE_LENGTH;
export const MAIL_CODE_TTL_S = SMS_CODE_TTL_S;
/** The 'send code' button's countdown (spec §9: 60 s, as for SMS). */
export const MAIL_COUNTDOWN_S = SMS_COUNTDOWN_S;

/**
 * Decision 010: codes an application may mail to one address in 24 hours whatever other
 * applications mailed to it. Past these, the address's own limits (SMS_PER_MOBILE_* over every
 * application) apply too, so many applications add at most this many mails each a day.
 */
export const MAIL_CODES_OWN_PER_ADDRESS_PER_DAY = 3;

export const MAIL_CODE_PATTERN = new RegExp(`^\\d{${MAIL_CODE_LENGTH}}$`);

export const mailCodeSchema = z
  .string({ error: 'email_code_required' })
  .check(z.trim(), z.minLength(1, 'email_code_required'), z.regex(MAIL_CODE_PATTERN, 'email_code_format'));

export const MAIL_CHECK_ACTIONS = ['send', 'verify', 'status'] as const;

// POST /v9/OpenAccountHk/mailCheck — JSON or form body
export const MailCheckRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('send'), email: emailSchema }),
    z.object({ action: z.literal('verify'), email: emailSchema, code: mailCodeSchema }),
    z.object({ action: z.literal('status'), email: emailSchema }),
  ],
  { error: 'mail_action_invalid' },
);
export type MailCheckRequest = z.input<typeof MailCheckRequestSchema>;

export const MailCheckResponseSchema = envelope(
  z.object({
    action: z.enum(MAIL_CHECK_ACTIONS),
    /** The address as kept (trimmed, lower case): what the personal step must be confirmed with. */
    email: z.string(),
    /** This application has verified this address (now, or earlier: then `send` mails nothing). */
    verified: z.boolean(),
    /** `send` only: seconds the code is valid, and before another can be asked. */
    expires_in: z.optional(z.number()),
    resend_in: z.optional(z.number()),
  }),
);
export type MailCheckResponse = z.output<typeof MailCheckResponseSchema>;

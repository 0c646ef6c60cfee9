// The notifications outbox as operations see it (issue #22, docs/backoffice.md "Notifications"):
// the states of a message, why an attempt did not end `sent`, the rules that move a message whose
// outcome is uncertain, and the contracts of the console's outbox calls (under STAFF_API_PREFIX,
// permission `outbox.manage`; the retry carries the CSRF header).
import * as z from 'zod/mini';
import { NOTICE_CHANNELS, NOTICE_TEMPLATES } from './notices';

/**
 * `pending`: due at `availableAt` (new, or tried again after a refusal); `sending`: claimed and
 * committed before the provider was asked; `sent`; `unknown`: the provider may or may not have
 * taken it (no answer, or the server stopped meanwhile) and it cannot be resent harmlessly — for
 * operations to check and retry by hand; `failed`: refused on every attempt; `skipped`: nobody to
 * send it to.
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'unknown', 'failed', 'skipped'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What operations are shown: what waits, what is under way, and what needs a person. */
export const OUTBOX_OPEN_STATUSES = ['unknown', 'failed', 'pending', 'sending'] as const;
export type OutboxOpenStatus = (typeof OUTBOX_OPEN_STATUSES)[number];

/** What a person may send again: the two states nothing leaves by itself. */
export const OUTBOX_RETRYABLE_STATUSES = ['unknown', 'failed'] as const;

export function checkIsOutboxRetryable(status: string): boolean {
  return (OUTBOX_RETRYABLE_STATUSES as readonly string[]).includes(status);
}

/**
 * Why the last attempt did not end `sent`: the provider answered with a refusal; the provider did
 * not answer (time-out, connection lost after the request went out); the server stopped between
 * the claim and recording the provider's answer; no mobile or no verified address to send to.
 */
export const OUTBOX_ERROR_KINDS = ['refused', 'no_answer', 'interrupted', 'no_recipient'] as const;
export type OutboxErrorKind = (typeof OUTBOX_ERROR_KINDS)[number];

/**
 * Where a message goes when nobody knows whether the provider took it (`no_answer`, `interrupted`):
 * sent again (due again, or `failed` once its attempts are spent) only when the provider takes an
 * idempotency key, so that a second send with the same key cannot reach the applicant twice;
 * otherwise `unknown`, never sent again by itself.
 */
export function outboxStatusAfterUncertain(opts: {
  providerIdempotent: boolean;
  attempts: number;
  maxAttempts: number;
}): 'pending' | 'failed' | 'unknown' {
  if (!opts.providerIdempotent) return 'unknown';
  return opts.attempts >= opts.maxAttempts ? 'failed' : 'pending';
}

/** GET …/outbox?status=: one of the open states, or all of them. */
export const OutboxQuerySchema = z.object({
  status: z.optional(z.enum(OUTBOX_OPEN_STATUSES)),
});

export const OutboxMessageViewSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  channel: z.enum(NOTICE_CHANNELS),
  /** `+852 ****5678`, `c***@example.com`; null when the account no longer has one. */
  recipient: z.nullable(z.string()),
  template: z.enum(NOTICE_TEMPLATES),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  errorKind: z.nullable(z.enum(OUTBOX_ERROR_KINDS)),
  /** ISO instants. */
  createdAt: z.string(),
  lastAttemptAt: z.nullable(z.string()),
  /** When a pending message is tried next; null otherwise. */
  nextAttemptAt: z.nullable(z.string()),
  failedAt: z.nullable(z.string()),
  /** Sent back with a retry: a retry of a message that changed meanwhile is refused. */
  version: z.number(),
});
export type OutboxMessageView = z.infer<typeof OutboxMessageViewSchema>;

/** The open messages, those needing a person first, oldest first within each state (at most 200). */
export const OutboxListSchema = z.object({
  messages: z.array(OutboxMessageViewSchema),
  counts: z.object({ unknown: z.number(), failed: z.number(), pending: z.number(), sending: z.number() }),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;

// any short string: the service answers 404 for what is not a message's id, as the review does
export const OutboxMessageParamsSchema = z.object({ id: z.string().check(z.maxLength(64)) });

/** POST …/outbox/:id/retry: the version the console read. */
export const OutboxRetryRequestSchema = z.object({
  version: z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647)),
});

export const OutboxRetryResponseSchema = OutboxMessageViewSchema;

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkHasPermission } from '../staff/roles';
import {
  checkIsOutboxRetryable,
  OUTBOX_STATUSES,
  OutboxQuerySchema,
  OutboxRetryRequestSchema,
  outboxStatusAfterUncertain,
} from './outbox';

describe('the outbox after an uncertain attempt (issue #22)', () => {
  it('never sends again by itself through a provider without an idempotency key', () => {
    for (const attempts of [1, 5, 10])
      expect(outboxStatusAfterUncertain({ providerIdempotent: false, attempts, maxAttempts: 10 })).toBe(
        'unknown',
      );
  });
  it('sends again under the same key while attempts remain, then fails', () => {
    expect(outboxStatusAfterUncertain({ providerIdempotent: true, attempts: 1, maxAttempts: 10 })).toBe(
      'pending',
    );
    expect(outboxStatusAfterUncertain({ providerIdempotent: true, attempts: 9, maxAttempts: 10 })).toBe(
      'pending',
    );
    expect(outboxStatusAfterUncertain({ providerIdempotent: true, attempts: 10, maxAttempts: 10 })).toBe(
      'failed',
    );
  });
  it('lets a person retry only what nothing moves by itself', () => {
    expect(OUTBOX_STATUSES.filter(checkIsOutboxRetryable)).toEqual(['unknown', 'failed']);
    expect(checkIsOutboxRetryable('whatever')).toBe(false);
  });
  it('reads a retry and a filter strictly', () => {
    expect(z.safeParse(OutboxRetryRequestSchema, { version: 0 }).success).toBe(true);
    for (const bad of [{}, { version: -1 }, { version: 1.5 }, { version: '1' }, { version: 2 ** 31 }])
      expect(z.safeParse(OutboxRetryRequestSchema, bad).success, JSON.stringify(bad)).toBe(false);
    expect(z.safeParse(OutboxQuerySchema, { status: 'failed' }).success).toBe(true);
    expect(z.safeParse(OutboxQuerySchema, { status: 'sent' }).success).toBe(false);
  });
  it('is managed by operations and administrators only', () => {
    expect(checkHasPermission(['operations'], 'outbox.manage')).toBe(true);
    expect(checkHasPermission(['administrator'], 'outbox.manage')).toBe(true);
    for (const role of ['reviewer', 'approver', 'content_editor'] as const)
      expect(checkHasPermission([role], 'outbox.manage')).toBe(false);
  });
});

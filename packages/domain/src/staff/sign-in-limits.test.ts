import { describe, expect, it } from 'vitest';
import {
  STAFF_ACCOUNT_LOCK_ADDRESSES,
  STAFF_ACCOUNT_LOCK_FAILURES,
  STAFF_BACKOFF_BASE_MS,
  STAFF_BACKOFF_MAX_MS,
  type StaffFailureCounts,
  staffBackoffMs,
  staffLimitsReached,
  staffSignInLimit,
} from './sign-in-limits';

const none: StaffFailureCounts = {
  address: { count: 0, lastAt: null },
  pair: { count: 0, lastAt: null },
  account: { count: 0, addresses: 0 },
};
const t0 = 1_800_000_000_000;

describe('staff sign-in limits', () => {
  it('back-off: free below the threshold, then 15 s doubling, at most 15 minutes', () => {
    expect(staffBackoffMs(2, 3)).toBe(0);
    expect(staffBackoffMs(3, 3)).toBe(STAFF_BACKOFF_BASE_MS);
    expect(staffBackoffMs(4, 3)).toBe(2 * STAFF_BACKOFF_BASE_MS);
    expect(staffBackoffMs(5, 3)).toBe(4 * STAFF_BACKOFF_BASE_MS);
    expect(staffBackoffMs(40, 3)).toBe(STAFF_BACKOFF_MAX_MS);
    expect(staffBackoffMs(10_000, 3)).toBe(STAFF_BACKOFF_MAX_MS);
  });

  it('no failures, no limit', () => {
    expect(staffSignInLimit(none, t0)).toBeNull();
  });

  it('an address with 5 failures waits 15 s from its last failure, whatever the username', () => {
    const counts = { ...none, address: { count: 5, lastAt: t0 } };
    expect(staffSignInLimit(counts, t0 + 1000)).toEqual({ kind: 'address', retryAfterMs: 14_000 });
    expect(staffSignInLimit(counts, t0 + 15_000)).toBeNull();
    expect(staffSignInLimit({ ...none, address: { count: 4, lastAt: t0 } }, t0)).toBeNull();
  });

  it('one username from one address: 3 failures start its back-off', () => {
    const counts = { ...none, address: { count: 3, lastAt: t0 }, pair: { count: 3, lastAt: t0 } };
    expect(staffSignInLimit(counts, t0 + 5000)).toEqual({ kind: 'pair', retryAfterMs: 10_000 });
    expect(staffSignInLimit(counts, t0 + 15_000)).toBeNull();
  });

  it('the account lock needs many failures from several addresses', () => {
    const many = { count: STAFF_ACCOUNT_LOCK_FAILURES, addresses: STAFF_ACCOUNT_LOCK_ADDRESSES };
    expect(staffSignInLimit({ ...none, account: many }, t0)).toEqual({ kind: 'locked' });
    expect(staffSignInLimit({ ...none, account: { ...many, addresses: 2 } }, t0)).toBeNull();
    expect(staffSignInLimit({ ...none, account: { ...many, count: many.count - 1 } }, t0)).toBeNull();
  });

  it('says which limit a failure switched on, once', () => {
    const before = {
      address: { count: 4, lastAt: t0 },
      pair: { count: 2, lastAt: t0 },
      account: { count: STAFF_ACCOUNT_LOCK_FAILURES - 1, addresses: 3 },
    };
    const after = {
      address: { count: 5, lastAt: t0 },
      pair: { count: 3, lastAt: t0 },
      account: { count: STAFF_ACCOUNT_LOCK_FAILURES, addresses: 3 },
    };
    expect(staffLimitsReached(before, after)).toEqual({ address: true, pair: true, locked: true });
    expect(staffLimitsReached(after, after)).toEqual({ address: false, pair: false, locked: false });
  });
});

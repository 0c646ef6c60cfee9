import { afterEach, describe, expect, it, vi } from 'vitest';
import { learnServerTime, resetServerClock } from '../../../lib/server-clock';
import { serverTodayInHongKong } from '../../../lib/server-today';
import { fromIsoDate, normalizeTypedDate, toIsoDate } from './dates';

afterEach(() => {
  vi.useRealTimers();
  resetServerClock();
});

describe('today for the age rule (serverTodayInHongKong)', () => {
  it('is already tomorrow at 23:30 UTC (07:30 in Hong Kong)', () => {
    expect(serverTodayInHongKong(Date.parse('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(serverTodayInHongKong(Date.parse('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
    expect(serverTodayInHongKong(Date.parse('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
  });

  it('reads the server-corrected clock: a phone 10 minutes slow before Hong Kong midnight is told the next day', () => {
    vi.useFakeTimers();
    // the phone says 23:55 in Hong Kong; the server (its Date header) is 10 minutes ahead
    vi.setSystemTime(new Date('2026-11-25T15:55:00Z'));
    expect(serverTodayInHongKong()).toBe('2026-11-25');
    const now = Date.now();
    learnServerTime('Wed, 25 Nov 2026 16:05:00 GMT', now, now);
    expect(serverTodayInHongKong()).toBe('2026-11-26');
  });
});

describe('typed dates', () => {
  it('normalises 1990/1/31 and 19900131 and leaves other text as typed', () => {
    expect(normalizeTypedDate(' 1990/1/31 ')).toBe('1990-01-31');
    expect(normalizeTypedDate('19900131')).toBe('1990-01-31');
    expect(normalizeTypedDate('31/01/1990')).toBe('31/01/1990');
  });

  it('round-trips a calendar day and refuses a malformed one', () => {
    expect(toIsoDate(fromIsoDate('1990-01-31')!)).toBe('1990-01-31');
    expect(fromIsoDate('1990-1-31')).toBeNull();
  });
});

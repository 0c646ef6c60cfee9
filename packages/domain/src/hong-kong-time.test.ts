import { describe, expect, it } from 'vitest';
import {
  formatHongKongTime,
  HONG_KONG_OFFSET_MS,
  hongKongDateOf,
  hongKongToday,
  hongKongWallTime,
} from './hong-kong-time';

describe('hongKongToday', () => {
  it('is already tomorrow in Hong Kong from 16:00 UTC', () => {
    expect(hongKongToday(new Date('2026-11-26T15:59:59Z'))).toBe('2026-11-26');
    expect(hongKongToday(new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
  });
  it('turns the year at 16:00 UTC on 31 December', () => {
    expect(hongKongToday(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });
});

describe('hongKongDateOf', () => {
  it('agrees with hongKongToday on each side of 16:00 UTC', () => {
    for (const iso of ['2026-11-26T15:59:59Z', '2026-11-26T16:00:00Z', '2026-12-31T16:30:00Z'])
      expect(hongKongDateOf(Date.parse(iso))).toBe(hongKongToday(new Date(iso)));
    expect(HONG_KONG_OFFSET_MS).toBe(8 * 3600 * 1000);
  });
});

describe('hongKongWallTime', () => {
  it('reads an instant as the clock in Hong Kong shows it, to the minute or the second', () => {
    expect(hongKongWallTime('2026-11-26T08:45:01Z')).toBe('2026-11-26 16:45');
    expect(hongKongWallTime(new Date('2026-11-26T08:45:01Z'), 'second')).toBe('2026-11-26 16:45:01');
    expect(hongKongWallTime('2026-12-31T16:30:00.000Z')).toBe('2027-01-01 00:30');
    expect(hongKongWallTime('2026-11-26T16:45:00+08:00')).toBe('2026-11-26 16:45');
  });
  it('answers null for what is not an instant', () => {
    expect(hongKongWallTime('not a time')).toBeNull();
    expect(hongKongWallTime(new Date(Number.NaN))).toBeNull();
  });
});

describe('formatHongKongTime', () => {
  const at = '2026-11-28T06:05:09Z';
  // the words the three places showed before they shared this function (narrow spaces made plain)
  const plain = (s: string | null) => s?.replace(/\s/g, ' ');
  it('keeps the applicant pages’ medium date and short time, in the language’s own clock', () => {
    expect(plain(formatHongKongTime(at, 'en', 'medium'))).toBe('Nov 28, 2026, 2:05 PM');
    expect(formatHongKongTime(at, 'zh-CN', 'medium')).toBe('2026年11月28日 14:05');
    expect(formatHongKongTime(at, 'zh-HK', 'medium')).toBe('2026年11月28日 下午2:05');
  });
  it('keeps the console’s 24-hour clock', () => {
    expect(formatHongKongTime(at, 'en', 'medium24h')).toBe('Nov 28, 2026, 14:05');
    expect(formatHongKongTime(at, 'zh-CN', 'medium24h')).toBe('2026年11月28日 14:05');
    expect(plain(formatHongKongTime(at, 'zh-HK', 'medium24h'))).toBe('28/11/2026 14:05');
  });
  it('keeps the deposit pages’ date and two-digit 24-hour time', () => {
    expect(formatHongKongTime(at, 'en', 'parts24h')).toBe('Nov 28, 2026, 14:05');
    expect(formatHongKongTime(at, 'zh-HK', 'parts24h')).toBe('2026年11月28日 14:05');
  });
  it('is Hong Kong time whatever the zone of the computer, and null for what is not an instant', () => {
    expect(formatHongKongTime('2026-11-27T16:30:00Z', 'en', 'medium24h')).toBe('Nov 28, 2026, 00:30');
    expect(formatHongKongTime('', 'en', 'medium')).toBeNull();
  });
});

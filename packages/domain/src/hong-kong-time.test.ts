import { describe, expect, it } from 'vitest';
import { hongKongToday } from './hong-kong-time';

describe('hongKongToday', () => {
  it('is already tomorrow in Hong Kong from 16:00 UTC', () => {
    expect(hongKongToday(new Date('2026-11-26T15:59:59Z'))).toBe('2026-11-26');
    expect(hongKongToday(new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
  });
  it('turns the year at 16:00 UTC on 31 December', () => {
    expect(hongKongToday(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });
});

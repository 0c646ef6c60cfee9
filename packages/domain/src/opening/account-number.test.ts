import { describe, expect, it } from 'vitest';
import {
  accountSerialOf,
  bcanAsTagged,
  checkIsAccountNumber,
  formatAccountNumber,
  formatBcan,
  luhnCheckDigit,
  nextAccountNumber,
  nextBcan,
  openingTerms,
} from './account-number';

describe('account number (issue #15)', () => {
  it('is 8, a 7-digit serial and a Luhn check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3); // the textbook Luhn example
    expect(formatAccountNumber(1)).toBe('800000010');
    expect(formatAccountNumber(9_999_999)).toMatch(/^89999999\d$/);
    expect(checkIsAccountNumber(formatAccountNumber(1234))).toBe(true);
  });
  it('catches one wrong digit and two swapped neighbours', () => {
    const good = formatAccountNumber(4711);
    for (let i = 0; i < good.length; i++) {
      const d = Number(good[i]);
      const wrong = good.slice(0, i) + String((d + 1) % 10) + good.slice(i + 1);
      expect(checkIsAccountNumber(wrong), wrong).toBe(false);
    }
    const swapped = `${good.slice(0, 4)}${good[5]}${good[4]}${good.slice(6)}`;
    if (swapped !== good) expect(checkIsAccountNumber(swapped)).toBe(false);
    expect(checkIsAccountNumber('80000001')).toBe(false);
    expect(checkIsAccountNumber('700000010')).toBe(false);
  });
  it('the next number follows the highest; a number not ours or out of range is refused', () => {
    expect(nextAccountNumber(null)).toBe(formatAccountNumber(1));
    expect(accountSerialOf(nextAccountNumber(formatAccountNumber(41)))).toBe(42);
    expect(() => nextAccountNumber('123')).toThrow();
    expect(() => formatAccountNumber(0)).toThrow(RangeError);
    expect(() => formatAccountNumber(10_000_000)).toThrow(RangeError);
  });
});

describe('BCAN (SFC HKIDR)', () => {
  it('is 1 to 9,999,999,999 in 10 digits, tagged with the CE number on orders', () => {
    expect(formatBcan(1)).toBe('0000000001');
    expect(nextBcan(null)).toBe('0000000001');
    expect(nextBcan('0000000041')).toBe('0000000042');
    expect(bcanAsTagged('0000000042')).toBe('BHP001-0000000042');
    expect(() => formatBcan(10_000_000_000)).toThrow(RangeError);
    expect(() => nextBcan('12')).toThrow();
  });
  it('only with the HKIDR consent; without it the account is sell-only', () => {
    expect(openingTerms(true)).toEqual({ withBcan: true, sellOnly: false });
    expect(openingTerms(false)).toEqual({ withBcan: false, sellOnly: true });
    // anything but an explicit yes is no consent
    expect(openingTerms(undefined)).toEqual({ withBcan: false, sellOnly: true });
    expect(openingTerms('true')).toEqual({ withBcan: false, sellOnly: true });
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import {
  checkIsCaptchaAlwaysRequired,
  DEFAULT_PHONE_REGION,
  findPhoneRegion,
  PHONE_REGION_CODES,
  PHONE_REGIONS,
} from './regions';

describe('phone regions (spec §3: regions offered for the phone, in this order)', () => {
  it('offers the 16 regions in spec order with their dial codes', () => {
    expect(PHONE_REGIONS.map((r) => [r.code, r.dial])).toEqual([
      ['CN', '86'],
      ['HK', '852'],
      ['MY', '60'],
      ['VN', '84'],
      ['MO', '853'],
      ['DE', '49'],
      ['DK', '45'],
      ['FR', '33'],
      ['PH', '63'],
      ['CA', '1'],
      ['JP', '81'],
      ['TW', '886'],
      ['TH', '66'],
      ['NZ', '64'],
      ['IT', '39'],
      ['GB', '44'],
    ]);
    expect(PHONE_REGION_CODES).toEqual(PHONE_REGIONS.map((r) => r.code));
  });

  it('names every region in every language, each name distinct within a language', () => {
    for (const lang of LANGUAGES) {
      const names = PHONE_REGIONS.map((r) => r.names[lang]);
      for (const n of names) expect(n.trim()).not.toBe('');
      expect(new Set(names).size).toBe(PHONE_REGIONS.length);
    }
  });

  it('defaults to HK (spec §2: region selector default HK)', () => {
    expect(DEFAULT_PHONE_REGION).toBe('HK');
  });

  it('findPhoneRegion finds offered codes only', () => {
    expect(findPhoneRegion('GB')?.dial).toBe('44');
    expect(findPhoneRegion('US')).toBeUndefined();
    expect(findPhoneRegion('cn')).toBeUndefined();
  });
});

describe('checkIsCaptchaAlwaysRequired (spec §5: always for regions other than CN and HK)', () => {
  it('is false for CN and HK (captcha only when the server demands it)', () => {
    expect(checkIsCaptchaAlwaysRequired('CN')).toBe(false);
    expect(checkIsCaptchaAlwaysRequired('HK')).toBe(false);
  });
  it.each(PHONE_REGION_CODES.filter((c) => c !== 'CN' && c !== 'HK'))('is true for %s', (code) => {
    expect(checkIsCaptchaAlwaysRequired(code)).toBe(true);
  });
});

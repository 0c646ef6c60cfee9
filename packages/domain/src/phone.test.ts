import { describe, expect, it } from 'vitest';
import { checkMobile, formatMobileInput, maskMobile, mobileInputMaxLength, normalizeMobile } from './phone';
import { PHONE_REGION_CODES } from './regions';

describe('checkMobile (spec §5 login: mobile required, CN 11 digits from 1, HK 8 digits)', () => {
  it.each(['', '   ', '\t'])('an empty mobile %j is mobile_required in every region', (raw) => {
    for (const region of PHONE_REGION_CODES) expect(checkMobile(region, raw)).toBe('mobile_required');
  });

  describe('CN', () => {
    it.each(['13812345678', '19912345678', '10000000000'])('accepts 11 digits starting with 1: %s', (m) => {
      expect(checkMobile('CN', m)).toBeNull();
    });
    it.each(['138 1234 5678', ' 138 1234 5678 ', '138-1234-5678'])(
      'accepts the 3-4-4 display form (spaces stripped): %j',
      (m) => {
        expect(checkMobile('CN', m)).toBeNull();
      },
    );
    it.each([
      ['10 digits', '1381234567'],
      ['12 digits', '138123456789'],
      ['starting with 2', '23812345678'],
      ['starting with 0', '03812345678'],
      ['a +86 prefix makes 13 digits', '+86 138 1234 5678'],
      ['a HK number', '91234567'],
    ])('refuses %s as mobile_invalid', (_label, m) => {
      expect(checkMobile('CN', m)).toBe('mobile_invalid');
    });
  });

  describe('HK', () => {
    it.each(['91234567', '51234567', '9123 4567'])('accepts exactly 8 digits: %j', (m) => {
      expect(checkMobile('HK', m)).toBeNull();
    });
    it.each(['9123456', '912345678', '13812345678'])('refuses %s (not 8 digits)', (m) => {
      expect(checkMobile('HK', m)).toBe('mobile_invalid');
    });
  });

  describe('other regions (spec §5 mobile type: 6 to 20 digits)', () => {
    it.each([
      ['GB', '123456'],
      ['DE', '12345678901234567890'],
      ['MO', '66123456'],
      ['JP', '09012345678'],
    ])('%s accepts %s', (region, m) => {
      expect(checkMobile(region, m)).toBeNull();
    });
    it.each([
      ['GB', '12345'],
      ['DE', '123456789012345678901'],
    ])('%s refuses %s (outside 6–20 digits)', (region, m) => {
      expect(checkMobile(region, m)).toBe('mobile_invalid');
    });
  });

  it.each([
    ['CN', '138abc12345678'],
    ['CN', '1381234567８'],
    ['HK', '9123x4567'],
    ['GB', 'phone 123456'],
  ])('%s refuses %j: letters are a wrong format, not silently dropped', (region, m) => {
    expect(checkMobile(region, m)).toBe('mobile_invalid');
  });
});

describe('normalizeMobile (spec §5: spaces are stripped)', () => {
  it('keeps the digits only', () => {
    expect(normalizeMobile(' 138 1234-5678 ')).toBe('13812345678');
    expect(normalizeMobile('')).toBe('');
  });
});

describe('formatMobileInput (spec §5: CN auto-formatted 3-4-4)', () => {
  it.each([
    ['1', '1'],
    ['138', '138'],
    ['1381', '138 1'],
    ['1381234', '138 1234'],
    ['13812345', '138 1234 5'],
    ['13812345678', '138 1234 5678'],
    ['138 1234 5678', '138 1234 5678'],
    ['1381234567890', '138 1234 5678'],
    ['1a3b8', '138'],
    ['', ''],
  ])('CN %j → %j (at most 11 digits)', (input, out) => {
    expect(formatMobileInput('CN', input)).toBe(out);
  });

  it('the formatted CN value fits the CN input maximum length', () => {
    expect(formatMobileInput('CN', '9'.repeat(30)).length).toBe(mobileInputMaxLength('CN'));
  });

  it.each(['HK', 'GB', 'MO'])('%s keeps digits only, no grouping, at most 20', (region) => {
    expect(formatMobileInput(region, '9123 4567')).toBe('91234567');
    expect(formatMobileInput(region, '1'.repeat(25))).toBe('1'.repeat(20));
    expect(formatMobileInput(region, '+44 (0) 7700-900123')).toBe('4407700900123');
  });
});

describe('mobileInputMaxLength (spec §5/§9: 13 for CN, 20 otherwise)', () => {
  it('is 13 for CN', () => expect(mobileInputMaxLength('CN')).toBe(13));
  it.each(['HK', 'MO', 'GB', 'XX'])('is 20 for %s', (region) =>
    expect(mobileInputMaxLength(region)).toBe(20),
  );
});

describe('maskMobile (spec §2/§5: the middle 4 digits are masked)', () => {
  it.each([
    ['13812345678', '138****5678'],
    ['138 1234 5678', '138****5678'],
    ['91234567', '91****67'],
    ['123456789', '12****789'],
    ['123456', '1****6'],
    ['12345678901234567890', '12345678****34567890'],
  ])('%s → %s', (mobile, masked) => {
    expect(maskMobile(mobile)).toBe(masked);
  });

  it('masks exactly 4 digits, centred, for every length from 6 to 20', () => {
    for (let n = 6; n <= 20; n++) {
      const digits = '0123456789012345678901'.slice(0, n);
      const masked = maskMobile(digits);
      expect(masked).toHaveLength(n);
      const start = masked.indexOf('****');
      expect(masked.replace('****', '')).not.toContain('*');
      const before = start;
      const after = n - start - 4;
      expect(Math.abs(before - after)).toBeLessThanOrEqual(1);
      expect(masked.slice(0, start) + digits.slice(start, start + 4) + masked.slice(start + 4)).toBe(digits);
    }
  });

  it('never shows a short number whole', () => {
    expect(maskMobile('12345')).not.toBe('12345');
    expect(maskMobile('12345')).toContain('*');
  });
});

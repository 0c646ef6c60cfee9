import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkCnIdNumber,
  checkHkIdNumber,
  checkIdNumber,
  checkIsIsoDate,
  checkPassportNumber,
  formatHkIdNumber,
  ID_LOCATIONS,
  idTypeFor,
  maskIdNumber,
  normalizeIdNumber,
  parseCnIdNumber,
} from './id-documents';

// Independent oracles, written from the published algorithms rather than from the implementation.

/** GB 11643-1999: weight of position i is 2^(17-i) mod 11; check = (12 - sum mod 11) mod 11, 10 → X. */
function cnCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const c = (12 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}
/** A valid mainland number: area 110105 (Beijing Chaoyang), birth date, 3-digit sequence (odd = male). */
function cnId(birth: string, seq: string): string {
  const first17 = `110105${birth.replaceAll('-', '')}${seq}`;
  return first17 + cnCheckChar(first17);
}

/**
 * HKID (Immigration Department): pad to 2 letters with a space (value 36), A–Z = 10–35, digits as
 * themselves, weights 9..2 over the 8 characters; the check value makes the total divisible by 11,
 * 10 is written A.
 */
function hkCheckChar(prefix: string): string {
  const chars = (prefix.length === 7 ? ` ${prefix}` : prefix).split('');
  const values = chars.map((c) =>
    c === ' ' ? 36 : /[A-Z]/.test(c) ? c.charCodeAt(0) - 'A'.charCodeAt(0) + 10 : Number(c),
  );
  const sum = values.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'A' : String(c);
}

describe('GB 11643 oracle sanity', () => {
  it('reproduces the well-known example 11010519491231002X', () => {
    expect(cnCheckChar('11010519491231002')).toBe('X');
  });
  it('reproduces the well-known HKID example A123456(3)', () => {
    expect(hkCheckChar('A123456')).toBe('3');
  });
});

describe('mainland ID number (GB 11643-1999, spec §9: ID number 15 to 18 characters)', () => {
  it('accepts the well-known valid number 11010519491231002X', () => {
    expect(checkCnIdNumber('11010519491231002X')).toBeNull();
    expect(checkIdNumber('cn_id', '11010519491231002X')).toBeNull();
  });

  it('accepts a lower-case x check character through normalisation', () => {
    expect(normalizeIdNumber('cn_id', '11010519491231002x')).toBe('11010519491231002X');
    expect(checkIdNumber('cn_id', '11010519491231002x')).toBeNull();
    expect(checkIdNumber('cn_id', ' 110105 19491231 002x ')).toBeNull();
  });

  it('refuses a wrong check digit', () => {
    expect(checkCnIdNumber('110105194912310021')).toBe('id_number_checksum');
    expect(checkIdNumber('cn_id', '110105194912310021')).toBe('id_number_checksum');
  });

  it('accepts numbers with every check value, computed independently', () => {
    const seen = new Set<string>();
    for (let seq = 100; seq < 400 && seen.size < 11; seq++) {
      const id = cnId('1990-06-15', String(seq));
      seen.add(id.slice(-1));
      expect(checkCnIdNumber(id), id).toBeNull();
      // every other check character must be refused
      for (const wrong of '0123456789X'.replace(id.slice(-1), ''))
        expect(checkCnIdNumber(id.slice(0, 17) + wrong)).toBe('id_number_checksum');
    }
    expect(seen.size).toBe(11);
  });

  it('refuses a changed digit (the check digit catches single-digit typos)', () => {
    const id = cnId('1985-03-07', '123');
    for (let i = 0; i < 17; i++) {
      const changed = `${id.slice(0, i)}${(Number(id[i]) + 1) % 10}${id.slice(i + 1)}`;
      expect(checkCnIdNumber(changed)).not.toBeNull();
    }
  });

  it.each([
    ['15 digits (first-generation card)', '110105491231002'],
    ['17 digits', '11010519491231002'],
    ['19 characters', '11010519491231002X1'],
    ['X not at the end', '1101051949123100X2'],
    ['a letter other than X', '11010519491231002A'],
  ])('refuses %s as id_number_format', (_l, id) => {
    expect(checkIdNumber('cn_id', id)).toBe('id_number_format');
  });

  it.each([
    ['30 February', '1990-02-30'],
    ['29 February in a common year', '1991-02-29'],
    ['month 13', '1990-13-01'],
    ['day 00', '1990-01-00'],
    ['before 1900', '1899-12-31'],
  ])('refuses a birth date that cannot be real: %s, even with a correct check digit', (_l, birth) => {
    const id = cnId(birth, '123');
    expect(parseCnIdNumber(id)).toBeNull();
    expect(checkIdNumber('cn_id', id)).not.toBeNull();
  });

  it('accepts 29 February in a leap year', () => {
    expect(checkIdNumber('cn_id', cnId('2000-02-29', '123'))).toBeNull();
  });

  it('reads the birth date and the gender (17th digit odd = male, even = female)', () => {
    expect(parseCnIdNumber('11010519491231002X')).toEqual({ birthDate: '1949-12-31', gender: 'F' });
    expect(parseCnIdNumber(cnId('1988-08-08', '131'))).toEqual({ birthDate: '1988-08-08', gender: 'M' });
    expect(parseCnIdNumber(cnId('1988-08-08', '130'))).toEqual({ birthDate: '1988-08-08', gender: 'F' });
  });

  it('reports a birth date that differs from the number', () => {
    expect(checkIdNumber('cn_id', '11010519491231002X', { birthDate: '1949-12-30' })).toBe(
      'id_number_birth_mismatch',
    );
    expect(checkIdNumber('cn_id', '11010519491231002X', { birthDate: '1949-12-31' })).toBeNull();
  });

  it('reports a gender that differs from the number', () => {
    expect(checkIdNumber('cn_id', '11010519491231002X', { gender: 'M' })).toBe('id_number_gender_mismatch');
    expect(checkIdNumber('cn_id', '11010519491231002X', { gender: 'F' })).toBeNull();
    const male = cnId('1990-01-01', '111');
    expect(checkIdNumber('cn_id', male, { birthDate: '1990-01-01', gender: 'F' })).toBe(
      'id_number_gender_mismatch',
    );
    expect(checkIdNumber('cn_id', male, { birthDate: '1990-01-01', gender: 'M' })).toBeNull();
  });

  it('reports the birth-date mismatch before the gender mismatch', () => {
    expect(checkIdNumber('cn_id', '11010519491231002X', { birthDate: '1950-01-01', gender: 'M' })).toBe(
      'id_number_birth_mismatch',
    );
  });

  it.each(['', '   ', '()'])('an empty number %j is id_number_required for every type', (raw) => {
    expect(checkIdNumber('cn_id', raw)).toBe('id_number_required');
    expect(checkIdNumber('hk_id', raw)).toBe('id_number_required');
    expect(checkIdNumber('passport', raw)).toBe('id_number_required');
  });
});

describe('HKID check digit (one or two letters, six digits, check 0–9 or A)', () => {
  const oneLetter = ['A123456', 'C668668', 'G123456', 'Z987654', 'K000000', 'P103482'];
  const twoLetter = ['AB987654', 'XA000001', 'WX123456', 'CA182361', 'ZZ999999'];

  it.each([...oneLetter, ...twoLetter])('accepts %s with its computed check value', (prefix) => {
    const check = hkCheckChar(prefix);
    expect(checkHkIdNumber(prefix + check)).toBeNull();
    expect(checkIdNumber('hk_id', `${prefix}(${check})`)).toBeNull();
    expect(checkIdNumber('hk_id', `${prefix}${check}`)).toBeNull();
    expect(checkIdNumber('hk_id', `${prefix.toLowerCase()}（${check.toLowerCase()}）`)).toBeNull();
  });

  it.each([...oneLetter, ...twoLetter])('refuses %s with any other check value', (prefix) => {
    const check = hkCheckChar(prefix);
    for (const wrong of '0123456789A'.replace(check, ''))
      expect(checkIdNumber('hk_id', `${prefix}(${wrong})`)).toBe('id_number_checksum');
  });

  it('accepts the published examples A123456(3) and G123456(A)', () => {
    expect(checkIdNumber('hk_id', 'A123456(3)')).toBeNull();
    expect(checkIdNumber('hk_id', 'G123456(A)')).toBeNull();
    expect(checkIdNumber('hk_id', 'A123456(4)')).toBe('id_number_checksum');
  });

  it('finds examples whose check value is A, for one and for two letters', () => {
    const oneA = Array.from({ length: 50 }, (_, i) => `A${String(100000 + i)}`).find(
      (p) => hkCheckChar(p) === 'A',
    );
    const twoA = Array.from({ length: 50 }, (_, i) => `AB${String(100000 + i)}`).find(
      (p) => hkCheckChar(p) === 'A',
    );
    expect(oneA).toBeDefined();
    expect(twoA).toBeDefined();
    expect(checkIdNumber('hk_id', `${oneA}(A)`)).toBeNull();
    expect(checkIdNumber('hk_id', `${twoA}(A)`)).toBeNull();
    expect(checkIdNumber('hk_id', `${oneA}(0)`)).toBe('id_number_checksum');
  });

  it.each([
    ['no letter', '1234567(8)'],
    ['three letters', 'ABC123456(7)'],
    ['five digits', 'A12345(6)'],
    ['seven digits', 'A1234567(8)'],
    ['check value B', 'A123456(B)'],
    ['no check value', 'A123456'],
  ])('refuses %s as id_number_format', (_l, id) => {
    expect(checkIdNumber('hk_id', id)).toBe('id_number_format');
  });
});

describe('formatHkIdNumber', () => {
  it('puts the check value in brackets', () => {
    expect(formatHkIdNumber('A1234563')).toBe('A123456(3)');
    expect(formatHkIdNumber('AB9876543')).toBe('AB987654(3)');
  });
});

describe('passport number (ICAO 9303: up to 9 letters or digits)', () => {
  it.each(['E12345678', 'G1234567', '123456789', 'AB12345', 'K1234'])('accepts %s', (id) => {
    expect(checkPassportNumber(id)).toBeNull();
  });
  it('normalises case and spaces before checking', () => {
    expect(checkIdNumber('passport', ' e1234 5678 ')).toBeNull();
  });
  it.each([
    ['too short', 'E123'],
    ['too long', 'E123456789'],
    ['letters only', 'ABCDEFG'],
    ['punctuation', 'E1234/567'],
  ])('refuses %s', (_l, id) => {
    expect(checkIdNumber('passport', id)).toBe('id_number_format');
  });
});

describe('maskIdNumber (sensitive data never shown whole)', () => {
  it('keeps the first and last 4 characters of a mainland number', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });
  it('keeps 2 and 2 of an HKID or a passport number', () => {
    expect(maskIdNumber('A1234563')).toBe('A1****63');
    expect(maskIdNumber('E12345678')).toBe('E1*****78');
  });
  it('keeps the length and shows at most half of any number (rounded up)', () => {
    for (const id of [
      'K1234',
      'AB1234',
      'G123456',
      'A1234563',
      'E12345678',
      '110105491231002',
      '11010519491231002X',
    ]) {
      const masked = maskIdNumber(id);
      expect(masked).toHaveLength(id.length);
      expect(masked.replace(/\*/g, '').length, masked).toBeLessThanOrEqual(Math.ceil(id.length / 2));
    }
  });
  it('masks a very short value entirely', () => {
    expect(maskIdNumber('A12')).toBe('***');
  });
});

describe('ageOn (whole years; the birthday itself counts)', () => {
  it.each([
    ['2008-11-25', '2026-11-25', 18],
    ['2008-11-26', '2026-11-25', 17],
    ['2008-11-24', '2026-11-25', 18],
    ['2008-12-01', '2026-11-30', 17],
    ['2008-01-31', '2026-02-01', 18],
    ['1961-11-25', '2026-11-25', 65],
    ['1961-11-26', '2026-11-25', 64],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['2008-02-29', '2028-02-29', 20],
    ['2026-11-25', '2026-11-25', 0],
  ])('born %s, on %s: %i', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });
});

describe('checkIsIsoDate', () => {
  it.each(['2000-02-29', '1990-12-31', '2026-01-01'])('accepts %s', (d) =>
    expect(checkIsIsoDate(d)).toBe(true),
  );
  it.each([
    '1990-02-30',
    '1991-02-29',
    '1990-13-01',
    '1990-00-10',
    '1990-1-1',
    '19900101',
    '',
    '1990-01-01T00:00',
  ])('refuses %j', (d) => expect(checkIsIsoDate(d)).toBe(false));
});

describe('idTypeFor (ID location → document type)', () => {
  it('CN → resident ID card, HK → HKID, OTHER → passport', () => {
    expect(ID_LOCATIONS.map(idTypeFor)).toEqual(['cn_id', 'hk_id', 'passport']);
  });
});

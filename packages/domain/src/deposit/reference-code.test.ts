import { describe, expect, test } from 'vitest';
import {
  CROCKFORD_ALPHABET,
  checkIsReferenceCode,
  findReferenceCode,
  generateReferenceCode,
  groupReferenceCode,
  normaliseReferenceCode,
  REFERENCE_LENGTH,
  referenceCheckCharacter,
} from './reference-code';

const fixed = (values: number[]) => () => Uint8Array.from(values);
const randomBytes = (size: number) => crypto.getRandomValues(new Uint8Array(size));

describe('reference code', () => {
  test('HP, 7 Crockford characters from the random bytes, a check character', () => {
    const code = generateReferenceCode(fixed([0, 1, 2, 31, 32 + 10, 255, 18]));
    // 32 + 10 → 10 (A), 255 → 31 (Z), 18 → J: only the low 5 bits count
    expect(code.slice(0, 9)).toBe('HP012ZAZJ');
    expect(code).toHaveLength(REFERENCE_LENGTH);
    expect(checkIsReferenceCode(code)).toBe(true);
  });

  test('never I, L, O or U; a thousand random codes all check', () => {
    for (let i = 0; i < 1000; i++) {
      const code = generateReferenceCode((n) => randomBytes(n));
      expect(code).toMatch(/^HP[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(checkIsReferenceCode(code)).toBe(true);
    }
  });

  test('a known check character (Luhn mod 32)', () => {
    // body 0000001: the last character doubled → 2, check = 32 - 2 = 30 → Y
    expect(referenceCheckCharacter('0000001')).toBe('Y');
    expect(referenceCheckCharacter('0000000')).toBe('0');
  });

  test('every single changed character is detected', () => {
    const code = generateReferenceCode(fixed([3, 14, 15, 9, 26, 5, 22]));
    for (let i = 2; i < code.length; i++)
      for (const c of CROCKFORD_ALPHABET) {
        if (c === code[i]) continue;
        const typo = code.slice(0, i) + c + code.slice(i + 1);
        expect(checkIsReferenceCode(typo), typo).toBe(false);
      }
  });

  test("every swap of two different neighbours is detected, but Luhn's blind spot 0Z ↔ Z0", () => {
    const blind = `HP0Z00000${referenceCheckCharacter('0Z00000')}`;
    expect(checkIsReferenceCode(`HPZ0${blind.slice(4)}`)).toBe(true);
    for (let n = 0; n < 200; n++) {
      const code = generateReferenceCode((size) => randomBytes(size));
      for (let i = 2; i < code.length - 1; i++) {
        const pair = `${code[i]}${code[i + 1]}`;
        if (code[i] === code[i + 1] || pair === '0Z' || pair === 'Z0') continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        expect(checkIsReferenceCode(swapped), `${code} → ${swapped}`).toBe(false);
      }
    }
  });

  test('read back as people and banks write it: case, spaces, hyphens, look-alikes', () => {
    const code = generateReferenceCode(fixed([0, 1, 2, 3, 4, 5, 6]));
    expect(normaliseReferenceCode(code.toLowerCase())).toBe(code);
    expect(normaliseReferenceCode(groupReferenceCode(code))).toBe(code);
    expect(normaliseReferenceCode(`${code.slice(0, 5)}-${code.slice(5)}`)).toBe(code);
    // O for 0, I and l for 1
    expect(normaliseReferenceCode(code.replace(/^HP0/, 'HPO').replace(/1/, 'l'))).toBe(code);
    expect(normaliseReferenceCode('HP123')).toBeNull();
    expect(normaliseReferenceCode('XX0123456Y')).toBeNull();
    expect(normaliseReferenceCode('HP012345U7')).toBeNull(); // U is not in the alphabet
  });

  test('malformed codes are refused', () => {
    expect(checkIsReferenceCode('')).toBe(false);
    expect(checkIsReferenceCode('HP00000000')).toBe(true);
    expect(checkIsReferenceCode('HP0000000')).toBe(false);
    expect(checkIsReferenceCode('HX00000000')).toBe(false);
    expect(checkIsReferenceCode('HP0000I000')).toBe(false);
  });

  test('found in a statement line among other words, the first whose check holds', () => {
    const code = generateReferenceCode(fixed([9, 8, 7, 6, 5, 4, 3]));
    expect(findReferenceCode(`FPS CHAN TAI MAN ${groupReferenceCode(code).toLowerCase()} deposit`)).toBe(
      code,
    );
    expect(findReferenceCode(`HP HPX ${code}`)).toBe(code);
    expect(findReferenceCode('HPJ CHAN TAI MAN payment 12345678')).toBeNull();
    const typo = code.slice(0, -1) + (code.at(-1) === '0' ? '1' : '0');
    expect(findReferenceCode(`ref ${typo}`)).toBeNull();
  });

  test('grouped by four for the eye', () => {
    expect(groupReferenceCode('HP7K3M9QX2')).toBe('HP7K 3M9Q X2');
  });
});

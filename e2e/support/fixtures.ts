import { randomInt } from 'node:crypto';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../fixtures');

/** Fake ID card photos drawn by scripts/make-fixtures.ts (1200x760 JPEG, marked SAMPLE). */
export const idImages = {
  /** Mainland card, portrait side: 张三, 11010519491231002X, born 1949-12-31, female. */
  cnFront: path.join(dir, 'cn-id-front.jpg'),
  cnBack: path.join(dir, 'cn-id-back.jpg'),
  /** HKID: 陳大文 CHAN, Tai Man, A123456(3), born 1990-01-01, male. */
  hkFront: path.join(dir, 'hk-id-front.jpg'),
  hkBack: path.join(dir, 'hk-id-back.jpg'),
  /** A PDF named .jpg: the upload must be refused by content. */
  notAnImage: path.join(dir, 'not-an-image.jpg'),
} as const;

/** The details printed on the sample cards, for the confirm-details journeys. */
export const sampleIds = {
  cn: { nameZh: '张三', idNumber: '11010519491231002X', birthDate: '1949-12-31', gender: 'F' },
  hk: {
    nameZh: '陳大文',
    surname: 'CHAN',
    givenName: 'Tai Man',
    idNumber: 'A1234563',
    birthDate: '1990-01-01',
    gender: 'M',
  },
} as const;

/** A valid HKID number (one letter, six digits, mod-11 check digit) that no other journey uses. */
export function randomHkid(): string {
  const letter = String.fromCharCode(65 + randomInt(26));
  const digits = Array.from({ length: 6 }, () => randomInt(10));
  const values = [36, letter.charCodeAt(0) - 55, ...digits];
  const sum = values.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${letter}${digits.join('')}${check === 10 ? 'A' : check}`;
}

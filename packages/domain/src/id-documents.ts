// Identity documents: where the ID is from, which document type fits, and the number checks.

export const ID_LOCATIONS = ['CN', 'HK', 'OTHER'] as const;
export type IdLocation = (typeof ID_LOCATIONS)[number];

export const ID_TYPES = ['cn_id', 'hk_id', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

/** Mainland residents open with the resident ID card, HK residents with the HKID, others with a passport. */
export function idTypeFor(location: IdLocation): IdType {
  return location === 'CN' ? 'cn_id' : location === 'HK' ? 'hk_id' : 'passport';
}

export function normalizeIdNumber(type: IdType, raw: string): string {
  const up = raw.toUpperCase().replace(/[\s()（）-]/g, '');
  return type === 'cn_id' ? up : up;
}

// GB 11643-1999: weights and check characters of the 18-digit resident ID number.
const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = '10X98765432';

export type IdNumberProblem =
  | 'id_number_required'
  | 'id_number_format'
  | 'id_number_checksum'
  | 'id_number_birth_mismatch'
  | 'id_number_gender_mismatch';

function checkIsRealDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A real calendar date written YYYY-MM-DD (no 30 February, no month 13). */
export function checkIsIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return !!m && checkIsRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Birth date (YYYY-MM-DD) and gender encoded in a valid 18-digit mainland ID number. */
export function parseCnIdNumber(id: string): { birthDate: string; gender: Gender } | null {
  if (!/^\d{17}[\dX]$/.test(id)) return null;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  if (y < 1900 || !checkIsRealDate(y, m, d)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * CN_WEIGHTS[i]!;
  if (CN_CHECK[sum % 11] !== id[17]) return null;
  return {
    birthDate: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`,
    gender: Number(id[16]) % 2 === 1 ? 'M' : 'F',
  };
}

export function checkCnIdNumber(id: string): IdNumberProblem | null {
  if (!/^\d{17}[\dX]$/.test(id)) return 'id_number_format';
  return parseCnIdNumber(id) ? null : 'id_number_checksum';
}

/** HKID: one or two letters, six digits, check digit 0-9 or A (mod 11, space counts 36 for one letter). */
export function checkHkIdNumber(id: string): IdNumberProblem | null {
  const m = /^([A-Z]{1,2})(\d{6})([\dA])$/.exec(id);
  if (!m) return 'id_number_format';
  const letters = m[1]!.length === 1 ? ` ${m[1]}` : m[1]!;
  const values = [...letters].map((c) => (c === ' ' ? 36 : c.charCodeAt(0) - 55));
  const digits = [...m[2]!].map(Number);
  const all = [...values, ...digits];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += all[i]! * (9 - i);
  const rem = (11 - (sum % 11)) % 11;
  const expected = rem === 10 ? 'A' : String(rem);
  return expected === m[3] ? null : 'id_number_checksum';
}

/** ICAO 9303 document numbers: up to 9 letters or digits; we also require at least one digit. */
export function checkPassportNumber(id: string): IdNumberProblem | null {
  return /^(?=.*\d)[A-Z0-9]{5,9}$/.test(id) ? null : 'id_number_format';
}

export function formatHkIdNumber(id: string): string {
  return id.length > 1 ? `${id.slice(0, -1)}(${id.slice(-1)})` : id;
}

/**
 * Full check of the ID number against its type and, for mainland numbers, against the birth date
 * and gender the person entered (the number encodes both).
 */
export function checkIdNumber(
  type: IdType,
  raw: string,
  person?: { birthDate?: string | undefined; gender?: Gender | undefined },
): IdNumberProblem | null {
  const id = normalizeIdNumber(type, raw);
  if (!id) return 'id_number_required';
  if (type === 'hk_id') return checkHkIdNumber(id);
  if (type === 'passport') return checkPassportNumber(id);
  const problem = checkCnIdNumber(id);
  if (problem) return problem;
  const parsed = parseCnIdNumber(id)!;
  if (person?.birthDate && person.birthDate !== parsed.birthDate) return 'id_number_birth_mismatch';
  if (person?.gender && person.gender !== parsed.gender) return 'id_number_gender_mismatch';
  return null;
}

/** Shows the first and last characters only, e.g. 1101**********002X; at least half stays hidden. */
export function maskIdNumber(id: string): string {
  if (id.length <= 4) return '*'.repeat(id.length);
  const keep = id.length >= 15 ? 4 : id.length >= 8 ? 2 : 1;
  return `${id.slice(0, keep)}${'*'.repeat(id.length - keep * 2)}${id.slice(-keep)}`;
}

export const MIN_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and `today` (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}

// The identity deposit's reference code (issue #15): what the applicant types into their bank's
// transfer note so that operations (and the statement matcher) can tell whose money it is.
//
// "HP" (Harbour Peak) + 7 characters of Crockford's base32 + 1 check character, e.g. `HP7K3M9QX2`:
// - Crockford's alphabet has no I, L, O or U, so nothing reads as another character aloud or on a
//   phone's keyboard, and no accidental word forms;
// - 7 random characters are 35 bits (34 billion codes): a collision with an existing code is rare
//   and the server draws again on the unique index's refusal;
// - the check character is Luhn mod 32 over the alphabet: every single mistyped character and
//   every swap of two neighbours is detected, except Luhn's one blind spot, `0Z` ↔ `Z0`
//   (Crockford's own mod-37 check would need `*~$=U`, which bank transfer notes refuse);
// - 10 letters and digits only: every bank's reference field (often 16–35 of `A–Z 0–9`) takes it.
// Random, not derived from the application: a code says nothing about whose application it is.

export const REFERENCE_PREFIX = 'HP';
export const REFERENCE_BODY_LENGTH = 7;
export const REFERENCE_LENGTH = REFERENCE_PREFIX.length + REFERENCE_BODY_LENGTH + 1;

/** Crockford's base32: the digits and the letters without I, L, O, U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const VALUE_OF = new Map<string, number>([...CROCKFORD_ALPHABET].map((c, i) => [c, i]));
const N = CROCKFORD_ALPHABET.length;

/** Luhn mod N: the check character of `body` (alphabet characters only). */
export function referenceCheckCharacter(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const value = VALUE_OF.get(body[i]!);
    if (value === undefined) throw new RangeError('not a Crockford base32 character');
    const addend = factor * value;
    sum += Math.floor(addend / N) + (addend % N);
    factor = factor === 2 ? 1 : 2;
  }
  return CROCKFORD_ALPHABET[(N - (sum % N)) % N]!;
}

/**
 * A new code from `randomBytes` (the server passes node:crypto's; any uniform source works): each
 * byte's low 5 bits pick a character, which is uniform because 256 is a multiple of 32.
 */
export function generateReferenceCode(randomBytes: (size: number) => Uint8Array): string {
  const bytes = randomBytes(REFERENCE_BODY_LENGTH);
  if (bytes.length < REFERENCE_BODY_LENGTH) throw new RangeError('not enough random bytes');
  let body = '';
  for (let i = 0; i < REFERENCE_BODY_LENGTH; i++) body += CROCKFORD_ALPHABET[bytes[i]! & 31];
  return `${REFERENCE_PREFIX}${body}${referenceCheckCharacter(body)}`;
}

/**
 * A code as a person or a bank wrote it, read back: case, spaces, hyphens and dots ignored, and
 * Crockford's look-alikes read as the digit they stand for (O → 0, I and L → 1). The prefix is
 * read as written (`HP`). Null when what is left cannot be a code.
 */
export function normaliseReferenceCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s.\-_]/g, '');
  if (!compact.startsWith(REFERENCE_PREFIX) || compact.length !== REFERENCE_LENGTH) return null;
  const rest = compact.slice(REFERENCE_PREFIX.length).replace(/O/g, '0').replace(/[IL]/g, '1');
  if ([...rest].some((c) => !VALUE_OF.has(c))) return null;
  return `${REFERENCE_PREFIX}${rest}`;
}

/** Whether `code` (normalised) is a well-formed reference code whose check character holds. */
export function checkIsReferenceCode(code: string): boolean {
  if (code.length !== REFERENCE_LENGTH || !code.startsWith(REFERENCE_PREFIX)) return false;
  const body = code.slice(REFERENCE_PREFIX.length, -1);
  if ([...body].some((c) => !VALUE_OF.has(c))) return false;
  return referenceCheckCharacter(body) === code.at(-1);
}

/**
 * The first reference code found in a free text (a bank statement's remittance information, which
 * may hold other words around it), normalised; null when there is none whose check holds.
 */
export function findReferenceCode(text: string): string | null {
  const upper = text.toUpperCase();
  // every "HP" is tried (a sticky match from it), so a word before the code cannot hide it
  const candidate = /HP(?:[\s\-.]?[0-9A-Z]){8}/y;
  for (let at = upper.indexOf('HP'); at !== -1; at = upper.indexOf('HP', at + 1)) {
    candidate.lastIndex = at;
    const match = candidate.exec(upper);
    const code = match && normaliseReferenceCode(match[0]);
    if (code && checkIsReferenceCode(code)) return code;
  }
  return null;
}

/** `HP7K 3M9Q X2`: groups of four to read out or copy by eye (the copy button copies it whole). */
export function groupReferenceCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

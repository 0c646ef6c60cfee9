// Search in the review queue (issue #22 finding 7): a reviewer finds a caller by name (Chinese or
// English, part of it), by application number, or by the last 4 or more digits of the mobile or
// the identity number. Names, mobiles and ID numbers are personal data kept sealed or out of the
// queue's reach (docs/decisions/003-personal-data-at-rest.md), so the server stores, at each
// submission, only keyed hashes of what a search can ask for (`searchKeysOf`), and hashes a query
// the same way (`parseQueueSearch`): equal values meet without any value kept in clear.
//
// What is kept, per application:
// - `name`: each Chinese character of the Chinese name, and every beginning of 2 letters or more of
//   each word of the English name ("chan" → "ch", "cha", "chan"). A query's words must all be found
//   (in any order): "chan tai", "陳大文", "大文" and "Ta" all find 陳大文 / CHAN TAI MAN.
// - `digits`: every ending of 4 characters or more of the mobile's digits and of the identity
//   number's letters and digits ("A123456(3)" → "4563", "34563", …, "A1234563").
// Pure: the server hashes each value with its look-up key before storing or comparing it.

export const SEARCH_KINDS = ['name', 'digits'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The fewest trailing digits a search by mobile or ID takes (fewer would match too many). */
export const SEARCH_MIN_DIGITS = 4;
/** A query's length and its words at most (a longer one is refused, not cut). */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_WORDS = 8;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HAN = /\p{Script=Han}/u;

/** A name's tokens: its Han characters one by one, and its Latin words in lower case. */
function nameTokens(text: string): { han: string[]; words: string[] } {
  const norm = text.normalize('NFKC').toLowerCase();
  const han = [...norm].filter((ch) => HAN.test(ch));
  // apostrophes and hyphens join nothing: "Siu-ming" is "siu" and "ming", as people type it
  const words = norm
    .replace(/\p{Script=Han}/gu, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return { han, words };
}

/** Letters and digits only, upper case: "A123456(3)" → "A1234563", "+852 9123-4567" → "85291234567". */
function alnum(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

export interface SearchKey {
  kind: SearchKind;
  value: string;
}

/** What an application can be found by, each value normalised (the server hashes them). */
export function searchKeysOf(input: {
  chineseName?: unknown;
  englishSurname?: unknown;
  englishGivenName?: unknown;
  mobile?: string | null;
  idNumber?: string | null;
}): SearchKey[] {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const keys = new Set<string>();
  const out: SearchKey[] = [];
  const add = (kind: SearchKind, value: string) => {
    if (!value || keys.has(`${kind}:${value}`)) return;
    keys.add(`${kind}:${value}`);
    out.push({ kind, value });
  };
  const { han, words } = nameTokens(
    [str(input.chineseName), str(input.englishSurname), str(input.englishGivenName)].join(' '),
  );
  for (const ch of han) add('name', ch);
  for (const word of words)
    for (let n = Math.min(2, word.length); n <= word.length; n++) add('name', [...word].slice(0, n).join(''));
  for (const raw of [input.mobile, input.idNumber]) {
    const v = alnum(raw ?? '');
    for (let n = SEARCH_MIN_DIGITS; n <= v.length; n++) add('digits', v.slice(-n));
  }
  return out;
}

export type QueueSearch =
  /** An application's (or a case's) id: the console's "application number". */
  | { kind: 'id'; id: string }
  /** The last digits of a mobile or ID number (and the ID's letters before them). */
  | { kind: 'digits'; value: string }
  /** Every token must be found among the application's name tokens. */
  | { kind: 'name'; tokens: string[] };

export type QueueSearchProblem = 'search_too_short' | 'search_too_long';

/** What a query asks for, or why it cannot be searched. */
export function parseQueueSearch(query: string): QueueSearch | QueueSearchProblem {
  const q = query.normalize('NFKC').trim();
  if (q.length > SEARCH_MAX_LENGTH) return 'search_too_long';
  if (UUID_RE.test(q)) return { kind: 'id', id: q.toLowerCase() };
  // digits with the usual punctuation of a phone or an ID ("9123 4567", "A123456(3)", "+852…")
  if (/\d/.test(q) && /^[0-9A-Za-z\s()+\-.]+$/.test(q)) {
    const v = alnum(q);
    return v.length >= SEARCH_MIN_DIGITS ? { kind: 'digits', value: v } : 'search_too_short';
  }
  const { han, words: all } = nameTokens(q);
  // a lone letter ("chan t", typed half-way) asks for nothing the keys hold: it is left out
  const words = all.filter((w) => [...w].length >= 2);
  const tokens = [...new Set([...han, ...words])];
  if (tokens.length === 0) return 'search_too_short';
  if (tokens.length > SEARCH_MAX_WORDS) return 'search_too_long';
  return { kind: 'name', tokens };
}

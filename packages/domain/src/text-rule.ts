// The one rule for text a person types (issue #12), without a schema library: the checks the
// schemas of text.ts are built from, and what the login form and the staff accounts use directly
// (so that /login's first load carries no zod, decision 026).
/** Field error keys of the rule (the `errors` namespace), the first problem found wins. */
export const TEXT_PROBLEMS = [
  'text_invalid_unicode',
  'text_control_characters',
  'text_bidi_control',
  'text_invisible_characters',
] as const;
export type TextProblem = (typeof TEXT_PROBLEMS)[number];

// Lone surrogates (\p{Cs} with the u flag matches only unpaired halves): PostgreSQL cannot store
// them, and no font draws them. Noncharacters are never meant to be interchanged.
const INVALID = /[\p{Cs}\p{Noncharacter_Code_Point}]/u;
// C0 (NUL, BEL, ESC, tab; line breaks too, except in a multi-line field: the free lines of an
// address outside mainland China and Hong Kong), DEL, C1, and the line and paragraph separators,
// which break a line in a PDF or a log as a newline does.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
// every Cc but line feed and carriage return
const CONTROL_MULTILINE = /[^\n\r\P{Cc}]|[\u2028\u2029]/u;
// Embeddings, overrides and isolates reorder what a reviewer reads ("\u202eDTL EMCA" shows as
// "ACME LTD"); the LRM/RLM/ALM marks are refused too: Chinese, English and Arabic names alike
// display correctly without them, and they can still move neutral characters (digits, brackets).
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Every other format character (zero-width space and joiners, word joiner, soft hyphen, BOM,
// invisible operators, tag characters that hide ASCII) and the Hangul fillers, letters that draw
// nothing: two names that look the same must be the same text.
const INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0]/u;
// "Zalgo": more combining marks on one letter than any script needs after NFC (Vietnamese needs
// two, Thai three) draws over the lines around it.
const MARK_FLOOD = /\p{M}{5}/u;

/** NFC and trimmed: the form a typed text is stored in, so that equal-looking texts compare equal. */
export function normalizeText(value: string): string {
  return value.normalize('NFC').trim();
}

/** The first problem of a text under the rule, or undefined when it may be stored and shown. */
export function checkText(value: string, opts: { multiline?: boolean } = {}): TextProblem | undefined {
  if (INVALID.test(value) || MARK_FLOOD.test(value)) return 'text_invalid_unicode';
  if ((opts.multiline ? CONTROL_MULTILINE : CONTROL).test(value)) return 'text_control_characters';
  if (BIDI.test(value)) return 'text_bidi_control';
  if (INVISIBLE.test(value)) return 'text_invisible_characters';
  return undefined;
}

/**
 * Whether a string can be stored at all (no NUL, no lone surrogate): what the server's body parser
 * checks on every string of every request, whichever field it is in.
 */
export function checkIsStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

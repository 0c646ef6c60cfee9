// The one rule for text a person types (issue #12): names, addresses, company names, explanations,
// email addresses and the free parameters a partner link carries. Every schema that takes typed
// text builds it from `typedText` or puts `textRule()` first in its checks; the API's body parser
// refuses what the database cannot store (NUL, lone surrogates) before any route runs.
import * as z from 'zod/mini';

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

// judged as it would be stored, so a draft is refused exactly what its confirmation would be
const refuseProblems = (multiline: boolean) =>
  z.superRefine((value: string, ctx) => {
    const problem = checkText(normalizeText(value), { multiline });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

/**
 * The rule as checks for a string schema, to put before its own (length, pattern), so the text
 * problem is the one reported: `z.string().check(...textRule(), z.maxLength(200, key))`.
 * `normalize: false` for drafts, which keep what is typed as it is (a person may still be typing)
 * but are refused the same characters.
 */
export function textRule(opts: { normalize?: boolean; multiline?: boolean } = {}) {
  const refuse = refuseProblems(opts.multiline === true);
  return opts.normalize === false ? [refuse] : [z.overwrite(normalizeText), refuse];
}

/**
 * A typed text: NFC, trimmed, refused the characters above, at most `max` UTF-16 units. With
 * `requiredKey`, an empty text is refused with it (otherwise '' is a valid value). `typeKey` is
 * the message for a value that is not a string (default: the required key, else `invalid_value`).
 */
export function typedText(opts: {
  max: number;
  requiredKey?: string;
  tooLongKey?: string;
  typeKey?: string;
  normalize?: boolean;
}) {
  const typeKey = opts.typeKey ?? opts.requiredKey ?? 'invalid_value';
  const tooLongKey = opts.tooLongKey ?? opts.requiredKey ?? 'invalid_value';
  return z
    .string({ error: typeKey })
    .check(
      ...textRule({ normalize: opts.normalize ?? true }),
      ...(opts.requiredKey ? [z.minLength(1, opts.requiredKey)] : []),
      z.maxLength(opts.max, tooLongKey),
    );
}

/** A draft's text: refused the same characters, kept as typed, bounded as the form bounds it. */
export function draftText(max: number, tooLongKey?: string) {
  return typedText({ max, normalize: false, ...(tooLongKey ? { tooLongKey } : {}) });
}

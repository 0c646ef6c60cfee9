// The one rule for text a person types (issue #12): names, addresses, company names, explanations,
// email addresses and the free parameters a partner link carries. Every schema that takes typed
// text builds it from `typedText` or puts `textRule()` first in its checks; the API's body parser
// refuses what the database cannot store (NUL, lone surrogates) before any route runs.
import * as z from 'zod/mini';
import { checkText, normalizeText } from './text-rule';

export * from './text-rule';

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

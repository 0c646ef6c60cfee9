// Contracts use zod/mini: the same schemas run in the browser, where the classic build alone would
// cost ~90 KB gzipped of the 180 KB budget (docs/decisions/002-zod-mini-and-phone-checks.md).
import * as z from 'zod/mini';
import { LANGUAGES } from '../constants';
import { textRule } from '../text';

/** Response envelope of every endpoint (spec §7): status 0 is success. */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ status: z.number().check(z.int()), data, info: z.string() });
}

/** Field errors returned with VALIDATION_FAILED: field name → translated message. */
export const FieldErrorsSchema = z.object({ fields: z.record(z.string(), z.string()) });
export const ErrorEnvelopeSchema = envelope(z.union([FieldErrorsSchema, z.null()]));
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** spec §7: parameters every request carries; the server checks `_t` and `_sign`. */
export const COMMON_PARAM_KEYS = [
  'token',
  'broker',
  'source',
  'empId',
  'version',
  'activity_id',
  'open_type',
  'lang',
  '_t',
  '_sign',
] as const;
export type CommonParamKey = (typeof COMMON_PARAM_KEYS)[number];
export { LANGUAGES };

/** Form bodies carry strings; a flag may be sent as '1'/'true'/'0'/'false'. */
export const formBoolean = z.pipe(
  z.transform((v: unknown) =>
    v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v,
  ),
  z.boolean({ error: 'invalid_value' }),
);

/** A list sent as repeated keys (`type=a&type=b`), a JSON array or one value. */
export function formList<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.transform((v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
    z.array(item),
  );
}

/** A typed text (the text rule: NFC, trimmed, no control/bidi/invisible characters), required, at most `max`. */
export function text(requiredKey: string, max: number, tooLongKey = requiredKey) {
  return z
    .string({ error: requiredKey })
    .check(...textRule(), z.minLength(1, requiredKey), z.maxLength(max, tooLongKey));
}

/** An optional typed text under the text rule (partner extras, `source`…). */
export function optionalText(max: number, key = 'invalid_value') {
  return z.optional(z.string({ error: key }).check(...textRule(), z.maxLength(max, key)));
}

/**
 * spec §7 common parameters that are free text a partner link or host app sets (`source`, `empId`,
 * `activity_id`…, some of them stored with the user or application): each one under the text
 * rule, at most 200 characters. `token`, `_t`, `_sign` and `lang` have their own checks (the
 * session look-up hashes the token; the sign check; an unknown language means the default).
 */
export const FREE_COMMON_PARAM_KEYS = [
  'broker',
  'source',
  'empId',
  'version',
  'activity_id',
  'open_type',
] as const;
export const CommonParamsSchema = z.object(
  Object.fromEntries(FREE_COMMON_PARAM_KEYS.map((key) => [key, optionalText(200)])) as Record<
    (typeof FREE_COMMON_PARAM_KEYS)[number],
    ReturnType<typeof optionalText>
  >,
);

// One contract per endpoint (engineering guide): the employer-name suggestions of the employment
// step (spec §7 `company_name_list`), and the shape of the list the broker maintains.
import * as z from 'zod/mini';
import { envelope } from '../../contracts/common.schema';
import { textRule } from '../../text';

/** A listing code: HKEX (`0700.HK`), Shanghai (`600519.SH`), Shenzhen (`000001.SZ`), Beijing (`.BJ`). */
export const LISTING_CODE = /^(\d{4,5}\.HK|\d{6}\.(SH|SZ|BJ))$/;

/**
 * One company of the list: its English name and, where it has them, its Simplified and Traditional
 * Chinese names, the codes it is listed under, and other names people type for it (short names,
 * initials). Every name is at most 200 characters, as the company-name answer (flow/step-forms.ts).
 */
export const CompanyNameEntrySchema = z.strictObject({
  codes: z.optional(z.array(z.string().check(z.regex(LISTING_CODE)))),
  en: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  zh_hans: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  zh_hant: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  aliases: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60)))),
});
export type CompanyNameEntry = z.infer<typeof CompanyNameEntrySchema>;

/** The file the broker maintains (apps/api/data/company-names.json; docs/api/steps/employment.md). */
export const CompanyNameListFileSchema = z.strictObject({
  /** When the broker last reviewed the list (YYYY-MM-DD). */
  updated_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  companies: z.array(CompanyNameEntrySchema).check(z.minLength(1)),
});
export type CompanyNameListFile = z.infer<typeof CompanyNameListFileSchema>;

/** At most this many suggestions in one answer (default 10). */
export const COMPANY_NAME_LIST_MAX = 20;
export const COMPANY_NAME_LIST_DEFAULT = 10;
/** Longest keyword looked up. */
export const COMPANY_NAME_KEYWORD_MAX = 50;

// GET /v9/OpenAccountHk/company_name_list?keyword=&limit=
export const CompanyNameListRequestSchema = z.object({
  keyword: z._default(
    z
      .string({ error: 'invalid_value' })
      .check(...textRule(), z.maxLength(COMPANY_NAME_KEYWORD_MAX, 'invalid_value')),
    '',
  ),
  limit: z._default(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v)),
      z
        .number({ error: 'invalid_value' })
        .check(
          z.int('invalid_value'),
          z.minimum(1, 'invalid_value'),
          z.maximum(COMPANY_NAME_LIST_MAX, 'invalid_value'),
        ),
    ),
    COMPANY_NAME_LIST_DEFAULT,
  ),
});

export const CompanyNameSuggestionSchema = z.object({
  /** The name to fill in: the one the keyword matched, in the request's language when several did. */
  name: z.string(),
  en: z.string(),
  zh_hans: z.nullable(z.string()),
  zh_hant: z.nullable(z.string()),
  codes: z.array(z.string()),
});
export type CompanyNameSuggestion = z.infer<typeof CompanyNameSuggestionSchema>;

export const CompanyNameListResponseSchema = envelope(
  z.object({
    /** The keyword as looked up (trimmed): a screen drops an answer to a keyword it no longer shows. */
    keyword: z.string(),
    items: z.array(CompanyNameSuggestionSchema),
  }),
);

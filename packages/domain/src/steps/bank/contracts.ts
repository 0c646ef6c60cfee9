// One contract per endpoint (engineering guide): the bank step's look-ups (spec §7 `bank_name`,
// `get_bank_subset`). The step's answers go through the generic step call (steps/bank/form.ts).
import * as z from 'zod/mini';
import { envelope } from '../../contracts/common.schema';
import { textRule } from '../../text';
import { checkLuhn, digitsOf } from './bank-data';

// POST /v9/OpenAccountHk/bank_name { card_number } — session required
export const BankNameRequestSchema = z.object({
  card_number: z
    .string({ error: 'bank_card_number_required' })
    .check(
      ...textRule(),
      z.overwrite(digitsOf),
      z.minLength(1, 'bank_card_number_required'),
      z.regex(/^\d{16,19}$/, 'bank_card_number_invalid'),
      z.refine(checkLuhn, 'bank_card_number_checksum'),
    ),
});

/** The issuing bank of a mainland debit card, its name in the request's language. */
export const BankNameResponseSchema = envelope(
  z.object({
    bank_code: z.string(),
    bank_name: z.string(),
  }),
);
export type BankNameResult = z.infer<typeof BankNameResponseSchema>['data'];

// GET /v9/OpenAccountHk/get_bank_subset?region=HK|CN — public reference data, cacheable
export const BANK_REGIONS = ['HK', 'CN'] as const;
export const BankSubsetRequestSchema = z.object({
  region: z._default(z.enum(BANK_REGIONS, { error: 'invalid_value' }), 'HK'),
});
export type BankSubsetRequest = z.output<typeof BankSubsetRequestSchema>;

export const BankSubsetItemSchema = z.object({
  /** HKICL 3-digit code (HK) or the bank's short code (CN): the step's `bank_code`. */
  code: z.string(),
  /** The name in the request's language. */
  name: z.string(),
  en: z.string(),
  zh_hans: z.string(),
  zh_hant: z.string(),
  /**
   * HK: fewest and most digits of branch code + account number; CN: null (cards are 16–19 digits).
   * A two-number array, not z.tuple: the tuple type would land in the login page's chunk (zod's
   * core module is shared with it) and cost its budget.
   */
  account_digits: z.nullable(z.array(z.number()).check(z.minLength(2), z.maxLength(2))),
});

export const BankSubsetResponseSchema = envelope(
  z.object({
    region: z.enum(BANK_REGIONS),
    items: z.array(BankSubsetItemSchema),
  }),
);
export type BankSubset = z.infer<typeof BankSubsetResponseSchema>['data'];

// GET /v9/OpenAccountHk/get_bank_country_list?bank_type=1|2 — public reference data, cacheable.
// Where the designated account's bank may be (spec §7): a mainland debit card (bank_type 1) is at a
// mainland bank (CN), a Hong Kong account (bank_type 2) at a Hong Kong bank (HK). No `bank_type`: both.
export const BankCountryListRequestSchema = z.object({
  bank_type: z.optional(z.enum(['1', '2'], { error: 'invalid_value' })),
});

export const BankCountrySchema = z.object({
  /** The region's code: the `region` of `get_bank_subset` and `/user/bank/select_list`. */
  code: z.enum(BANK_REGIONS),
  /** Its name in the request's language. */
  country: z.string(),
  /** spec §4 `bank_type` of an account there: 1 mainland debit card, 2 Hong Kong bank account. */
  bank_type: z.union([z.literal(1), z.literal(2)]),
});

export const BankCountryListResponseSchema = envelope(z.array(BankCountrySchema));
export type BankCountry = z.infer<typeof BankCountrySchema>;

// GET /user/bank/select_list?region=HK|CN — public reference data, cacheable.
// The banks as a picker's options (spec §3 select option: value, text, disabled), named in the
// request's language (Accept-Language or `lang`), from the same data as `get_bank_subset`.
export const BankSelectListRequestSchema = BankSubsetRequestSchema;

export const BankSelectOptionSchema = z.object({
  /** The step's `bank_code`: HKICL 3-digit code (HK) or the bank's short code (CN). */
  value: z.string(),
  /** "004 The Hongkong and Shanghai…" for HK (the code people see on cheques), the name for CN. */
  text: z.string(),
  disabled: z.boolean(),
});

export const BankSelectListResponseSchema = envelope(
  z.object({
    region: z.enum(BANK_REGIONS),
    options: z.array(BankSelectOptionSchema),
  }),
);
export type BankSelectList = z.infer<typeof BankSelectListResponseSchema>['data'];

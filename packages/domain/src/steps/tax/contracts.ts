// One contract per endpoint (engineering guide): what the tax screen needs beyond its step_info.
import * as z from 'zod/mini';
import { envelope } from '../../contracts/common.schema';
import { NO_TIN_REASONS } from './crs';

const country = z.string().check(z.regex(/^[A-Z]{2}$/));
const W8benAddressSchema = z.object({
  lines: z.array(z.string()),
  city: z.nullable(z.string()),
  postal_code: z.nullable(z.string()),
  country,
});

/** steps/tax/w8ben.ts W8benContent, as sent. */
export const W8benContentSchema = z.object({
  form: z.literal('W-8BEN'),
  revision: z.literal('October 2021'),
  name: z.nullable(z.string()),
  citizenship: z.nullable(z.string()),
  permanent_address: z.nullable(W8benAddressSchema),
  mailing_address: z.nullable(W8benAddressSchema),
  us_tin: z.null(),
  foreign_tin: z.nullable(z.object({ country, tin_masked: z.nullable(z.string()), from_id: z.boolean() })),
  foreign_tin_not_required: z.boolean(),
  foreign_tin_reason: z.nullable(z.enum(NO_TIN_REASONS)),
  foreign_tin_explanation: z.nullable(z.string()),
  date_of_birth: z.nullable(z.string()),
  treaty_country: z.nullable(z.string()),
  treaty_status: z.nullable(z.enum(['treaty', 'no_treaty', 'not_listed'])),
  treaty_claim: z.nullable(
    z.object({
      article: z.string(),
      paragraph: z.string(),
      rate_percent: z.number(),
      income: z.literal('dividends'),
      treaty: z.string(),
    }),
  ),
  dividend_withholding_percent: z.number(),
  missing: z.array(
    z.enum(['name', 'citizenship', 'permanent_address', 'foreign_tin', 'date_of_birth', 'treaty_country']),
  ),
});

// POST /v9/OpenAccountHk/tax_prefill — no payload
export const TaxPrefillResponseSchema = envelope(
  z.object({
    /**
     * The TIN the ID document gives (HKID → HK, mainland resident ID → CN), masked: the screen
     * offers it and sends `tin_from_id: true`; the number itself stays sealed on the server.
     */
    tin_from_id: z.nullable(
      z.object({
        country: z.enum(['HK', 'CN']),
        tin_masked: z.string(),
        id_type: z.enum(['hk_id', 'cn_id']),
      }),
    ),
    /** The citizenship the ID document proves (W-8BEN line 2), or null: the tax step asks. */
    citizenship_from_id: z.nullable(country),
    /** The ID step's nationality is the United States: the person is a US person. */
    us_national: z.boolean(),
    /** The US market is chosen: the W-8BEN is to be signed at the signature step. */
    w8ben_required: z.boolean(),
    /** The W-8BEN's content from the saved answers (null without the US market). */
    w8ben: z.nullable(W8benContentSchema),
  }),
);
export type TaxPrefill = z.infer<typeof TaxPrefillResponseSchema>['data'];

// One contract per endpoint (engineering guide): the applicant's side of the identity deposit
// (issue #15; spec §7 `remittance_info`, `update_remittance`, `finish_remittance`, `reset_status`).
// docs/deposit.md. Amounts are minor units at this boundary; the screens write them as money.
import * as z from 'zod/mini';
import { envelope } from '../contracts/common.schema';
import { DEPOSIT_CURRENCIES } from './deposit-rule';
import { REMITTANCE_STATES } from './remittance';

/**
 * The remittance's `version` the screen was built from (`version` itself is a common parameter of
 * every call, spec §7). Form bodies carry strings.
 */
const remittanceVersion = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v)),
  z.number({ error: 'invalid_value' }).check(z.int('invalid_value'), z.minimum(0, 'invalid_value')),
);

// POST /v9/OpenAccountHk/finish_remittance { remittance_version } — "I have paid"
// POST /V9/OpenAccountHk/reset_status { remittance_version } — take "I have paid" back
export const RemittanceChangeRequestSchema = z.object({ remittance_version: remittanceVersion });
export type RemittanceChangeRequest = z.input<typeof RemittanceChangeRequestSchema>;

const Money = z.object({ currency: z.enum(DEPOSIT_CURRENCIES), amount_minor: z.number().check(z.int()) });
export type DepositMoney = z.infer<typeof Money>;

export const ReceivingAccountSchema = z.object({
  currency: z.enum(DEPOSIT_CURRENCIES),
  /** In the request's language. */
  bank_name: z.string(),
  bank_code: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  /** Faster Payment System identifier, HKD accounts that have one. */
  fps_id: z.nullable(z.string()),
  swift: z.string(),
});
export type ReceivingAccount = z.infer<typeof ReceivingAccountSchema>;

export const RemittanceInfoSchema = z.object({
  /** The application's status (spec §4: 2 approved, 3 activated, 5 opened). */
  status: z.number(),
  bank_type: z.number(),
  /** The code to write in the transfer's note; null only for an application past status 2 that never asked. */
  reference: z.nullable(z.string()),
  receiving_accounts: z.array(ReceivingAccountSchema),
  minimum: z.object({
    hkd: Money,
    /** The USD equivalent at today's rate (Hong Kong date), rounded up to the cent; null: no rate today. */
    usd: z.nullable(Money),
    /** The rate used: HKD per USD, and the day it is valid from. */
    usd_rate: z.nullable(z.object({ hkd_per_unit: z.string(), valid_from: z.string() })),
  }),
  /** The designated account from the bank step: the only one the deposit may come from. */
  designated_account: z.nullable(
    z.object({
      bank_name: z.nullable(z.string()),
      number_masked: z.string(),
      holder_name: z.nullable(z.string()),
    }),
  ),
  remittance: z.object({
    state: z.enum(REMITTANCE_STATES),
    version: z.number(),
    paid_at: z.nullable(z.string()),
    voucher: z.nullable(
      z.object({ document_id: z.string(), mime: z.string(), size: z.number(), uploaded_at: z.string() }),
    ),
    /**
     * Operations asked for another voucher: their reason (a key of operations-texts.ts), the
     * reason's sentence in the request's language, and their note (their own words).
     */
    voucher_request: z.nullable(
      z.object({
        reason: z.nullable(z.string()),
        reason_text: z.nullable(z.string()),
        note: z.nullable(z.string()),
        requested_at: z.string(),
      }),
    ),
  }),
  activated_at: z.nullable(z.string()),
  opened_at: z.nullable(z.string()),
  /** The securities account number, once opened (the applicant's own). */
  account_number: z.nullable(z.string()),
});
export type RemittanceInfo = z.infer<typeof RemittanceInfoSchema>;

// POST /v9/OpenAccountHk/remittance_info — and the answer of the three calls that change it
export const RemittanceInfoResponseSchema = envelope(RemittanceInfoSchema);

// POST /v9/OpenAccountHk/bank_update_target — where spec §4's bank-update redirect goes
export const BankUpdateTargetSchema = z.union([
  /** A path of this site (BANK_UPDATE_URL); null: the product's own bank step (BANK_UPDATE_URL unset). */
  z.object({ kind: z.literal('internal'), path: z.nullable(z.string()) }),
  /**
   * The broker's external page: the web app posts these fields to it in a form (never in its
   * address), the session token added by the app itself (docs/deposit.md).
   */
  z.object({
    kind: z.literal('external'),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
]);
export type BankUpdateTarget = z.infer<typeof BankUpdateTargetSchema>;
export const BankUpdateTargetResponseSchema = envelope(BankUpdateTargetSchema);

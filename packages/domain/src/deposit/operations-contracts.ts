// Contracts of the operations calls of the staff console (issue #15, docs/deposit.md "Operations"):
// FX rates, statement imports, credits and their manual work. Paths are under STAFF_API_PREFIX
// (/backoffice/api/deposits); permission `deposit.match`; every state-changing call carries the
// CSRF header and the `version` of the row it was decided on (a stale one answers 409 and changes
// nothing). Texts a person reads (reasons, states, amounts) come rendered in the staff member's
// language; the console shows them as they are.
import * as z from 'zod/mini';
import { typedText } from '../text';
import { DEPOSIT_CURRENCIES, FX_CURRENCIES, FxRateSchema } from './deposit-rule';
import { DEPOSIT_FLAG_REASONS } from './matching';
import { VOUCHER_REQUEST_REASONS } from './operations-texts';
import { REMITTANCE_STATES } from './remittance';

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const version = z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647));
/** A staff member's note: one line or a few, the text rule's limits (checked again by the server). */
const note = typedText({ max: 500, tooLongKey: 'deposit_note_too_long', typeKey: 'deposit_note_required' });

export const CREDIT_STATES = ['unmatched', 'flagged', 'matched', 'refund_recorded'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

/** PUT /deposits/fx-rates: the rate of a day (replaces that day's rate; the change is a content event). */
export const FxRateRequestSchema = FxRateSchema;

export const FxRateViewSchema = z.object({
  currency: z.enum(FX_CURRENCIES),
  validFrom: z.string(),
  hkdPerUnit: z.string(),
  enteredBy: z.string(),
  updatedAt: z.string(),
});
export type FxRateView = z.infer<typeof FxRateViewSchema>;

/** GET /deposits/fx-rates: the most recent rates, newest day first. */
export const FxRateListSchema = z.object({ rates: z.array(FxRateViewSchema) });
export type FxRateList = z.infer<typeof FxRateListSchema>;

/** GET /deposits/receiving-accounts: the accounts a statement can be imported for. */
export const ReceivingAccountListSchema = z.object({
  accounts: z.array(
    z.object({
      id: z.string(),
      /** "HSBC · HKD · 808-123456-838", in the staff member's language */
      label: z.string(),
      currency: z.enum(DEPOSIT_CURRENCIES),
    }),
  ),
});
export type ReceivingAccountList = z.infer<typeof ReceivingAccountListSchema>;

/**
 * POST /deposits/imports (multipart: `receiving_account_id`, `file`): what one import did. The same
 * file again answers its first import (`duplicateFile`), writing nothing.
 */
export const ImportResultSchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  duplicateFile: z.boolean(),
  /** Lines of the file (CSV) or entries (camt.053). */
  lines: z.number(),
  /** Credit lines read from the file. */
  credits: z.number(),
  /** Of those, new credits (the others were imported before, from this or another file). */
  newCredits: z.number(),
  duplicates: z.number(),
  autoMatched: z.number(),
  flagged: z.number(),
  unmatched: z.number(),
  /** Lines skipped, each with its line number and the reason in the staff member's language. */
  skipped: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const CreditListQuerySchema = z.object({
  state: z.enum(CREDIT_STATES),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type CreditListQuery = z.infer<typeof CreditListQuerySchema>;

const ApplicationRefSchema = z.object({
  id: z.string(),
  depositReference: z.nullable(z.string()),
  applicantName: z.string(),
  statusLabel: z.string(),
});

export const CreditViewSchema = z.object({
  id: z.string(),
  state: z.enum(CREDIT_STATES),
  stateLabel: z.string(),
  /** YYYY-MM-DD (the bank's booking date, Hong Kong). */
  bookingDate: z.string(),
  currency: z.enum(DEPOSIT_CURRENCIES),
  amountMinor: z.number(),
  /** "HKD 10,000.00" */
  amountText: z.string(),
  payerName: z.nullable(z.string()),
  payerAccountMasked: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  receivingAccount: z.string(),
  reasons: z.array(z.object({ code: z.enum(DEPOSIT_FLAG_REASONS), label: z.string() })),
  application: z.nullable(ApplicationRefSchema),
  matchKind: z.nullable(z.enum(['auto', 'manual'])),
  matchKindLabel: z.nullable(z.string()),
  matchedBy: z.nullable(z.string()),
  /** ISO time */
  matchedAt: z.nullable(z.string()),
  refundRecordedBy: z.nullable(z.string()),
  refundRecordedAt: z.nullable(z.string()),
  refundNote: z.nullable(z.string()),
  /** The refund can be recorded: flagged, and the money is not the applicant's deposit. */
  canRecordRefund: z.boolean(),
  canMatch: z.boolean(),
  version: z.number(),
});
export type CreditView = z.infer<typeof CreditViewSchema>;

export const CreditListSchema = z.object({
  credits: z.array(CreditViewSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type CreditList = z.infer<typeof CreditListSchema>;

/** GET /deposits/applications?q=: approved applications by reference code or name (manual match). */
export const ApplicationSearchQuerySchema = z.object({
  q: typedText({ max: 100, tooLongKey: 'deposit_search_too_short' }).check(
    z.minLength(2, 'deposit_search_too_short'),
  ),
});
/** An application as operations see it: its code, the applicant, the status and the remittance. */
export const ApplicationSummarySchema = z.object({
  ...ApplicationRefSchema.shape,
  remittance: z.nullable(
    z.object({
      state: z.enum(REMITTANCE_STATES),
      stateLabel: z.string(),
      reasonLabel: z.nullable(z.string()),
      version: z.number(),
    }),
  ),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>;

export const ApplicationSearchSchema = z.object({ applications: z.array(ApplicationSummarySchema) });
export type ApplicationSearch = z.infer<typeof ApplicationSearchSchema>;

/** POST /deposits/credits/:id/match: match an unmatched or flagged credit to an application by hand. */
export const ManualMatchRequestSchema = z.object({ version, applicationId: uuid });
export type ManualMatchRequest = z.infer<typeof ManualMatchRequestSchema>;

/** POST /deposits/credits/:id/refund: the money of a flagged credit went back to its payer. */
export const RecordRefundRequestSchema = z.object({
  version,
  note: typedText({ max: 500, requiredKey: 'deposit_note_required', tooLongKey: 'deposit_note_too_long' }),
});
export type RecordRefundRequest = z.infer<typeof RecordRefundRequestSchema>;

/** POST /deposits/applications/:id/voucher-request: ask the applicant for a clearer voucher. */
export const VoucherRequestSchema = z.object({
  /** The remittance's version (0 when the applicant has not written one yet). */
  version,
  reason: z.enum(VOUCHER_REQUEST_REASONS, { error: 'deposit_voucher_reason_required' }),
  note: z.nullable(note),
});
export type VoucherRequest = z.infer<typeof VoucherRequestSchema>;

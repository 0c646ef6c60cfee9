// Issue #15, spec §5 and §9: operations match the broker's bank credits against the identity
// deposits applicants said they made. A credit names an application by the reference code the
// applicant was given (`applications.deposit_reference`); it is that applicant's identity deposit
// only when every rule below holds. There is no "nearly": a credit that breaks one rule is flagged
// with every reason it breaks, never matched silently (SFC client identity: the deposit comes from
// the designated account, in the applicant's own name).
//
// The rules, in the order they are reported:
// - the application waits for its deposit (status 2, approved);
// - the payer's account is the designated account of the bank step (compared by keyed hash: the
//   caller hashes both sides with the vault, this module sees only hashes);
// - the payer's name is the applicant's in one of its forms (payer-name.ts);
// - the amount is at least HKD 10,000, or its USD equivalent at the rate valid on the booking date
//   (deposit-rule.ts; no rate for that day is a reason of its own, not a pass).
import { ApplicationStatus } from '../progress';
import { type FxRate, meetsIdentityDeposit } from './deposit-rule';
import { type ApplicantNames, matchPayerName, type PayerNameForm, type PayerNameRefusal } from './payer-name';

/** Why a credit that names an application is not its identity deposit (a code to translate). */
export const DEPOSIT_FLAG_REASONS = [
  /** the application is not waiting for a deposit (not approved yet, or already activated) */
  'not_awaiting_deposit',
  /** the statement gives no payer account to compare */
  'payer_account_missing',
  /** the payer account is not the designated account (a third party's, or another of the applicant's) */
  'payer_account_not_designated',
  /** the payer name is not the applicant's in any form (a third party) */
  'payer_name_mismatch',
  /** less than HKD 10,000 or its USD equivalent */
  'amount_short',
  /** a USD credit booked on a day operations have entered no rate for */
  'no_fx_rate',
  /** a currency identity deposits are not taken in */
  'currency',
] as const;
export type DepositFlagReason = (typeof DEPOSIT_FLAG_REASONS)[number];

/**
 * The reasons that mean the money is not the applicant's identity deposit and must go back to the
 * payer: someone else paid, or too little. The applicant is asked again (a new voucher) and
 * operations record the refund.
 */
export const REFUND_REASONS: readonly DepositFlagReason[] = [
  'payer_account_not_designated',
  'payer_name_mismatch',
  'amount_short',
];

/** A credit as the matching sees it: the payer's account only as its keyed hash. */
export interface CreditToMatch {
  amountMinor: number;
  currency: string;
  /** YYYY-MM-DD */
  bookedOn: string;
  payerName: string | null;
  payerAccountHash: string | null;
}

/** The application a credit's reference names, as the matching needs it. */
export interface ApplicationToMatch {
  status: number;
  names: ApplicantNames;
  /** Keyed hashes of the designated account's forms (designatedAccountForms, hashed by the caller). */
  designatedAccountHashes: readonly string[];
}

export type DepositMatchVerdict =
  | { ok: true; nameForm: PayerNameForm }
  | {
      ok: false;
      reasons: DepositFlagReason[];
      /** Why the payer name was refused, when it was. */
      nameRefusal: PayerNameRefusal | null;
    };

/** Every rule checked, every broken one reported (so a person sees all at once). */
export function checkDepositMatch(
  credit: CreditToMatch,
  application: ApplicationToMatch,
  rates: readonly FxRate[],
): DepositMatchVerdict {
  const reasons: DepositFlagReason[] = [];
  if (application.status !== ApplicationStatus.APPROVED) reasons.push('not_awaiting_deposit');
  if (credit.payerAccountHash === null) reasons.push('payer_account_missing');
  else if (!application.designatedAccountHashes.includes(credit.payerAccountHash))
    reasons.push('payer_account_not_designated');
  const name = matchPayerName(credit.payerName ?? '', application.names);
  if (name.match === 'none') reasons.push('payer_name_mismatch');
  const amount = meetsIdentityDeposit(credit, rates);
  if (!amount.ok)
    reasons.push(
      amount.reason === 'short' ? 'amount_short' : amount.reason === 'no_rate' ? 'no_fx_rate' : 'currency',
    );
  if (reasons.length === 0 && name.match === 'exact') return { ok: true, nameForm: name.form };
  return { ok: false, reasons, nameRefusal: name.match === 'none' ? name.reason : null };
}

/** Whether a flagged credit's money must go back (someone else paid, or too little). */
export function checkNeedsRefund(reasons: readonly string[]): boolean {
  return reasons.some((r) => (REFUND_REASONS as readonly string[]).includes(r));
}

/**
 * The forms a designated account may take on a bank statement, to be hashed and compared with the
 * payer account (both as digits and capital letters): the number itself, and for a Hong Kong
 * account (3-digit bank code) the number after its bank code, as interbank transfers write it
 * ("004-123-456789-001"). Empty for an account with no number.
 */
export function designatedAccountForms(bankCode: string | null, number: string | null): string[] {
  const clean = (number ?? '')
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  if (clean === '') return [];
  const forms = [clean];
  if (bankCode && /^\d{3}$/.test(bankCode) && !clean.startsWith(bankCode)) forms.push(bankCode + clean);
  return forms;
}

/** A payer account as the statement parser gives it, masked for people: the last 4 characters. */
export function maskPayerAccount(account: string): string {
  const visible = account.length > 8 ? 4 : Math.max(0, account.length - 4);
  return `${'*'.repeat(Math.min(8, account.length - visible))}${account.slice(account.length - visible)}`;
}

/** The key the vault hashes an account number under (the same for payer and designated accounts). */
export const depositAccountHashInput = (account: string) => `deposit_account:${account}`;

// The identity deposit (issue #15; spec §5, SFC client identity rules): "at least HKD 10,000 or the
// USD equivalent, transferred from the designated bank account". This module decides the amount
// half; whether the payer is the designated account and the applicant is matched elsewhere.
//
// A USD credit is converted with the rate operations maintain, the one valid on the booking date,
// in exact integer arithmetic (BigInt): one cent decides at the boundary, and a binary float cannot
// even hold 7.8123 or 1280.03 exactly. The minimum shown to the applicant is derived from the same
// comparison (rounded up to the cent), so the amount the screen asks for is the smallest that passes.
import * as z from 'zod/mini';
import { checkIsIsoDate } from '../id-documents';

/** spec §5: HKD 10,000.00, in cents. */
export const IDENTITY_DEPOSIT_MIN_HKD_MINOR = 1_000_000;

export const DEPOSIT_CURRENCIES = ['HKD', 'USD'] as const;
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];

/** Currencies converted to HKD with a rate operations maintain. */
export const FX_CURRENCIES = ['USD'] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];

// At most 4 integer digits and 8 decimals: HKD per USD is about 7.8 (the peg's band is 7.75–7.85);
// the bounds only keep the integer arithmetic small and refuse a value typed in the wrong unit.
const RATE = /^(0|[1-9]\d{0,3})(?:\.(\d{1,8}))?$/;

/** A rate as operations enter it: HKD for one unit of `currency`, valid from `validFrom` on. */
export const FxRateSchema = z.object({
  currency: z.enum(FX_CURRENCIES),
  hkdPerUnit: z.string().check(
    z.regex(RATE, 'fx_rate_invalid'),
    z.refine((v) => parseRate(v) !== null, 'fx_rate_invalid'),
  ),
  validFrom: z.string().check(z.refine(checkIsIsoDate, 'fx_rate_date_invalid')),
});
export type FxRate = z.infer<typeof FxRateSchema>;

export type IdentityDepositCheck = { ok: true } | { ok: false; reason: 'short' | 'no_rate' | 'currency' };

export type IdentityDepositMinimum =
  | { ok: true; amountMinor: number }
  | { ok: false; reason: 'no_rate' | 'currency' };

/** A decimal rate as an exact fraction units / 10^scale; null when malformed or not above 0. */
function parseRate(text: string): { units: bigint; scale: bigint } | null {
  const m = RATE.exec(text);
  if (!m) return null;
  const decimals = m[2] ?? '';
  const units = BigInt(m[1] + decimals);
  if (units <= 0n) return null;
  return { units, scale: 10n ** BigInt(decimals.length) };
}

/**
 * The rate valid on `on` (YYYY-MM-DD): the one with the latest `validFrom` not after it. Null when
 * there is none, or when two rates start the same day with different values (operations must
 * correct the table rather than have one picked silently).
 */
export function fxRateOn(currency: FxCurrency, on: string, rates: readonly FxRate[]): FxRate | null {
  let best: FxRate | null = null;
  let ambiguous = false;
  for (const rate of rates) {
    if (rate.currency !== currency || rate.validFrom > on) continue;
    if (best === null || rate.validFrom > best.validFrom) {
      best = rate;
      ambiguous = false;
    } else if (rate.validFrom === best.validFrom && !sameRate(rate.hkdPerUnit, best.hkdPerUnit)) {
      ambiguous = true;
    }
  }
  return ambiguous ? null : best;
}

function sameRate(a: string, b: string): boolean {
  const x = parseRate(a);
  const y = parseRate(b);
  return x !== null && y !== null && x.units * y.scale === y.units * x.scale;
}

function isFxCurrency(currency: string): currency is FxCurrency {
  return (FX_CURRENCIES as readonly string[]).includes(currency);
}

/**
 * The smallest amount (minor units) of `currency` that meets the identity deposit when booked on
 * `on`: HKD 10,000.00 itself, or its USD equivalent at the rate valid that day rounded up to the
 * cent (HKD 10,000 at 7.8123 is USD 1,280.0327…, so USD 1,280.04). For the applicant's screen
 * (`moneyText` from steps/field-catalogue writes it "USD 1,280.04").
 */
export function identityDepositMinimum(
  currency: string,
  on: string,
  rates: readonly FxRate[],
): IdentityDepositMinimum {
  if (currency === 'HKD') return { ok: true, amountMinor: IDENTITY_DEPOSIT_MIN_HKD_MINOR };
  if (!isFxCurrency(currency)) return { ok: false, reason: 'currency' };
  const rate = fxRateOn(currency, on, rates);
  const exact = rate && parseRate(rate.hkdPerUnit);
  if (!exact) return { ok: false, reason: 'no_rate' };
  // Both currencies have 2 decimals, so cents × rate compares with HKD cents directly:
  // usd × units / scale ≥ min  ⇔  usd ≥ ⌈min × scale / units⌉.
  const needed = BigInt(IDENTITY_DEPOSIT_MIN_HKD_MINOR) * exact.scale;
  const minimum = (needed + exact.units - 1n) / exact.units;
  return { ok: true, amountMinor: Number(minimum) };
}

/**
 * Whether a credit meets the identity deposit's amount: HKD compared directly, USD converted at
 * the rate valid on its booking date. Amount only; the payer account is checked by the caller.
 */
export function meetsIdentityDeposit(
  credit: { amountMinor: number; currency: string; bookedOn: string },
  rates: readonly FxRate[],
): IdentityDepositCheck {
  const minimum = identityDepositMinimum(credit.currency, credit.bookedOn, rates);
  if (!minimum.ok) return minimum;
  if (!Number.isSafeInteger(credit.amountMinor) || credit.amountMinor < minimum.amountMinor) {
    return { ok: false, reason: 'short' };
  }
  return { ok: true };
}

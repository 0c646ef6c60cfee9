import { describe, expect, it } from 'vitest';
import { moneyText } from '../steps/field-catalogue';
import {
  type FxRate,
  FxRateSchema,
  fxRateOn,
  IDENTITY_DEPOSIT_MIN_HKD_MINOR,
  identityDepositMinimum,
  meetsIdentityDeposit,
} from './deposit-rule';

const usd = (hkdPerUnit: string, validFrom = '2024-01-01'): FxRate => ({
  currency: 'USD',
  hkdPerUnit,
  validFrom,
});
const credit = (amountMinor: number, currency = 'USD', bookedOn = '2024-06-03') => ({
  amountMinor,
  currency,
  bookedOn,
});

describe('the identity deposit in HKD', () => {
  it('is HKD 10,000.00', () => {
    expect(IDENTITY_DEPOSIT_MIN_HKD_MINOR).toBe(1_000_000);
  });
  it('passes at exactly HKD 10,000.00 and fails one cent below, with no rate needed', () => {
    expect(meetsIdentityDeposit(credit(1_000_000, 'HKD'), [])).toEqual({ ok: true });
    expect(meetsIdentityDeposit(credit(999_999, 'HKD'), [])).toEqual({ ok: false, reason: 'short' });
    expect(meetsIdentityDeposit(credit(25_000_000, 'HKD'), [])).toEqual({ ok: true });
  });
  it('refuses an amount that is not a whole number of cents', () => {
    expect(meetsIdentityDeposit(credit(1_000_000.5, 'HKD'), [])).toEqual({ ok: false, reason: 'short' });
    expect(meetsIdentityDeposit(credit(Number.NaN, 'HKD'), [])).toEqual({ ok: false, reason: 'short' });
  });
});

describe('the identity deposit in USD (exact conversion at the rate of the booking day)', () => {
  it('at 8.0000: USD 1,250.00 passes, USD 1,249.99 fails', () => {
    const rates = [usd('8.0000')];
    expect(identityDepositMinimum('USD', '2024-06-03', rates)).toEqual({ ok: true, amountMinor: 125_000 });
    expect(meetsIdentityDeposit(credit(125_000), rates)).toEqual({ ok: true });
    expect(meetsIdentityDeposit(credit(124_999), rates)).toEqual({ ok: false, reason: 'short' });
  });

  it('at 7.8123: HKD 10,000 is USD 1,280.0327…, so USD 1,280.04 passes and USD 1,280.03 fails', () => {
    // Worked out by hand: 128,003 × 7.8123 = 999,997.8369 HKD cents (short by 0.2 cent);
    // 128,004 × 7.8123 = 1,000,005.6492 HKD cents.
    expect(128_003n * 78_123n < 10_000_000_000n).toBe(true);
    expect(128_004n * 78_123n >= 10_000_000_000n).toBe(true);
    const rates = [usd('7.8123')];
    expect(identityDepositMinimum('USD', '2024-06-03', rates)).toEqual({ ok: true, amountMinor: 128_004 });
    expect(meetsIdentityDeposit(credit(128_004), rates)).toEqual({ ok: true });
    expect(meetsIdentityDeposit(credit(128_003), rates)).toEqual({ ok: false, reason: 'short' });
  });

  it('reads a rate at its own precision: 7.8 and 7.80000000 are the same rate', () => {
    for (const rate of ['7.8', '7.80000000']) {
      // 1,000,000 / 7.8 = 128,205.128… → 128,206
      expect(identityDepositMinimum('USD', '2024-06-03', [usd(rate)])).toEqual({
        ok: true,
        amountMinor: 128_206,
      });
    }
  });

  it('gives, for many rates, a minimum that passes while one cent less fails (checked in HKD cents × 10^8)', () => {
    const rates = ['7.75', '7.85', '7.8123', '7.81234567', '7.7999', '1', '0.5', '8.00000001', '7.12345678'];
    for (const rate of rates) {
      const minimum = identityDepositMinimum('USD', '2024-06-03', [usd(rate)]);
      if (!minimum.ok) throw new Error(`no minimum at ${rate}`);
      // an independent reading of the rate: always 8 decimals
      const [int, frac = ''] = rate.split('.');
      const rate8 = BigInt(int + frac.padEnd(8, '0'));
      const hkdCentsTimes1e8 = (usdCents: number) => BigInt(usdCents) * rate8;
      const min = BigInt(IDENTITY_DEPOSIT_MIN_HKD_MINOR) * 100_000_000n;
      expect(hkdCentsTimes1e8(minimum.amountMinor) >= min, rate).toBe(true);
      expect(hkdCentsTimes1e8(minimum.amountMinor - 1) < min, rate).toBe(true);
      expect(meetsIdentityDeposit(credit(minimum.amountMinor), [usd(rate)]).ok, rate).toBe(true);
      expect(meetsIdentityDeposit(credit(minimum.amountMinor - 1), [usd(rate)]).ok, rate).toBe(false);
    }
  });

  it('uses the rate with the latest validFrom on or before the booking date, whatever the list order', () => {
    const rates = [usd('7.8123', '2024-03-01'), usd('8.0000', '2024-01-01'), usd('7.5000', '2024-07-01')];
    expect(meetsIdentityDeposit(credit(125_000, 'USD', '2024-02-29'), rates)).toEqual({ ok: true });
    expect(meetsIdentityDeposit(credit(125_000, 'USD', '2024-03-01'), rates)).toEqual({
      ok: false,
      reason: 'short',
    });
    expect(fxRateOn('USD', '2024-03-01', rates)?.hkdPerUnit).toBe('7.8123');
    expect(fxRateOn('USD', '2024-06-30', rates)?.hkdPerUnit).toBe('7.8123');
    expect(fxRateOn('USD', '2024-07-01', rates)?.hkdPerUnit).toBe('7.5000');
  });

  it('has no rate before the first validFrom, with an empty table, or with a malformed or zero rate', () => {
    const rates = [usd('8.0000', '2024-01-01')];
    expect(meetsIdentityDeposit(credit(500_000, 'USD', '2023-12-31'), rates)).toEqual({
      ok: false,
      reason: 'no_rate',
    });
    expect(meetsIdentityDeposit(credit(500_000), [])).toEqual({ ok: false, reason: 'no_rate' });
    expect(meetsIdentityDeposit(credit(500_000), [usd('0')])).toEqual({ ok: false, reason: 'no_rate' });
    expect(meetsIdentityDeposit(credit(500_000), [usd('7,8')])).toEqual({ ok: false, reason: 'no_rate' });
    expect(identityDepositMinimum('USD', '2023-12-31', rates)).toEqual({ ok: false, reason: 'no_rate' });
  });

  it('has no rate when two rates start the same day with different values, but accepts equal duplicates', () => {
    const conflicting = [usd('8.0000', '2024-05-01'), usd('7.0000', '2024-05-01'), usd('7.9', '2024-01-01')];
    expect(meetsIdentityDeposit(credit(500_000), conflicting)).toEqual({ ok: false, reason: 'no_rate' });
    const equal = [usd('8.0000', '2024-05-01'), usd('8', '2024-05-01')];
    expect(meetsIdentityDeposit(credit(125_000), equal)).toEqual({ ok: true });
    // a later, unambiguous rate supersedes the conflict
    expect(meetsIdentityDeposit(credit(500_000), [...conflicting, usd('7.8', '2024-06-01')])).toEqual({
      ok: true,
    });
  });

  it('refuses other currencies, even with a large amount', () => {
    expect(meetsIdentityDeposit(credit(100_000_000, 'EUR'), [usd('8')])).toEqual({
      ok: false,
      reason: 'currency',
    });
    expect(identityDepositMinimum('CNY', '2024-06-03', [usd('8')])).toEqual({
      ok: false,
      reason: 'currency',
    });
  });

  it('is written for the applicant as the screen writes money', () => {
    const minimum = identityDepositMinimum('USD', '2024-06-03', [usd('7.8123')]);
    expect(minimum.ok && moneyText(minimum.amountMinor, 'USD')).toBe('USD 1,280.04');
    const hkd = identityDepositMinimum('HKD', '2024-06-03', []);
    expect(hkd.ok && moneyText(hkd.amountMinor, 'HKD')).toBe('HKD 10,000.00');
  });
});

describe('a rate as operations enter it', () => {
  it('accepts a decimal with up to 8 decimals and a real date', () => {
    expect(FxRateSchema.safeParse(usd('7.8123', '2024-02-29')).success).toBe(true);
    expect(FxRateSchema.safeParse(usd('7.81234567')).success).toBe(true);
  });
  it('refuses zero, a negative, a comma, too many decimals, an exponent and an impossible date', () => {
    for (const bad of ['0', '0.0000', '-7.8', '7,8123', '7.812345678', '7.8e0', '', ' 7.8', '07.8']) {
      expect(FxRateSchema.safeParse(usd(bad)).success, bad).toBe(false);
    }
    expect(FxRateSchema.safeParse(usd('7.8', '2023-02-29')).success).toBe(false);
    expect(
      FxRateSchema.safeParse({ currency: 'EUR', hkdPerUnit: '8.5', validFrom: '2024-01-01' }).success,
    ).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { FxRate } from './deposit-rule';
import {
  type ApplicationToMatch,
  type CreditToMatch,
  checkDepositMatch,
  checkNeedsRefund,
  designatedAccountForms,
  maskPayerAccount,
} from './matching';
import { voucherReasonOfFlag } from './operations-texts';

const APP: ApplicationToMatch = {
  status: 2,
  names: { chineseName: '陳大文', englishSurname: 'CHAN', englishGivenName: 'TAI MAN' },
  designatedAccountHashes: ['h-own', 'h-own-with-bank'],
};
const HKD: CreditToMatch = {
  amountMinor: 1_000_000,
  currency: 'HKD',
  bookedOn: '2026-11-20',
  payerName: 'CHAN TAI MAN',
  payerAccountHash: 'h-own',
};
const RATES: FxRate[] = [{ currency: 'USD', hkdPerUnit: '7.8123', validFrom: '2026-11-01' }];

describe('checkDepositMatch: every rule, every broken one reported', () => {
  it('the applicant’s own HKD 10,000.00 from the designated account matches, by any name form', () => {
    expect(checkDepositMatch(HKD, APP, [])).toEqual({ ok: true, nameForm: 'english_id' });
    expect(checkDepositMatch({ ...HKD, payerName: '陈大文' }, APP, [])).toEqual({
      ok: true,
      nameForm: 'chinese',
    });
    expect(checkDepositMatch({ ...HKD, payerAccountHash: 'h-own-with-bank' }, APP, []).ok).toBe(true);
  });

  it('one cent short is flagged amount_short, and the refund is due', () => {
    const v = checkDepositMatch({ ...HKD, amountMinor: 999_999 }, APP, []);
    expect(v).toEqual({ ok: false, reasons: ['amount_short'], nameRefusal: null });
    expect(checkNeedsRefund(v.ok ? [] : v.reasons)).toBe(true);
  });

  it('USD: exactly the equivalent at the day’s rate passes, one cent less is short (USD 1,280.04 at 7.8123)', () => {
    const usd = { ...HKD, currency: 'USD' };
    expect(checkDepositMatch({ ...usd, amountMinor: 128_004 }, APP, RATES).ok).toBe(true);
    expect(checkDepositMatch({ ...usd, amountMinor: 128_003 }, APP, RATES)).toMatchObject({
      ok: false,
      reasons: ['amount_short'],
    });
  });

  it('USD with no rate for the booking day is no_fx_rate (not short, no refund)', () => {
    const v = checkDepositMatch({ ...HKD, currency: 'USD', bookedOn: '2026-10-31' }, APP, RATES);
    expect(v).toMatchObject({ ok: false, reasons: ['no_fx_rate'] });
    expect(checkNeedsRefund(v.ok ? [] : v.reasons)).toBe(false);
  });

  it('a third party: another account, another name, both reported with the name’s refusal', () => {
    const v = checkDepositMatch({ ...HKD, payerName: 'WONG SIU MING', payerAccountHash: 'h-other' }, APP, []);
    expect(v).toEqual({
      ok: false,
      reasons: ['payer_account_not_designated', 'payer_name_mismatch'],
      nameRefusal: 'different_name',
    });
    expect(voucherReasonOfFlag(v.ok ? [] : v.reasons)).toBe('third_party_payer');
    expect(voucherReasonOfFlag(['amount_short'])).toBe('amount_short');
    expect(voucherReasonOfFlag(['no_fx_rate'])).toBeNull();
  });

  it('the right name from another account, or no account on the statement, is never a match', () => {
    expect(checkDepositMatch({ ...HKD, payerAccountHash: 'h-other' }, APP, [])).toMatchObject({
      ok: false,
      reasons: ['payer_account_not_designated'],
    });
    expect(checkDepositMatch({ ...HKD, payerAccountHash: null }, APP, [])).toMatchObject({
      ok: false,
      reasons: ['payer_account_missing'],
    });
    expect(checkDepositMatch({ ...HKD, payerName: null }, APP, [])).toMatchObject({
      ok: false,
      reasons: ['payer_name_mismatch'],
      nameRefusal: 'empty',
    });
    expect(checkDepositMatch({ ...HKD, payerName: 'CHAN TAI MAN & CO LTD' }, APP, []).ok).toBe(false);
  });

  it('an application not waiting for its deposit (submitted, already activated) is flagged', () => {
    for (const status of [1, 3, 5, -1])
      expect(checkDepositMatch(HKD, { ...APP, status }, [])).toMatchObject({
        ok: false,
        reasons: ['not_awaiting_deposit'],
      });
  });

  it('a currency deposits are not taken in', () => {
    expect(checkDepositMatch({ ...HKD, currency: 'CNY' }, APP, RATES)).toMatchObject({
      ok: false,
      reasons: ['currency'],
    });
  });
});

describe('designated account forms and masks', () => {
  it('a Hong Kong account also with its bank code first; a card number as it is', () => {
    expect(designatedAccountForms('004', '123-456789-001')).toEqual(['123456789001', '004123456789001']);
    expect(designatedAccountForms('004', '004123456789001')).toEqual(['004123456789001']);
    expect(designatedAccountForms('ICBC', '6222021234567890123')).toEqual(['6222021234567890123']);
    expect(designatedAccountForms('004', null)).toEqual([]);
  });
  it('masks all but the last 4 characters (short numbers keep less)', () => {
    expect(maskPayerAccount('004123456789001')).toBe('********9001');
    expect(maskPayerAccount('12345678')).toBe('****5678');
    expect(maskPayerAccount('1234')).toBe('****');
  });
});

import { describe, expect, it } from 'vitest';
import {
  bankNameIn,
  bankOfCard,
  bankSelectOptions,
  checkLuhn,
  digitsOf,
  HONG_KONG_BANKS,
  hongKongBankOf,
  MAINLAND_BANKS,
  maskBankNumber,
} from './bank-data';
import { cardNumber } from './bank-test-cards';

describe('checkLuhn', () => {
  it('accepts the textbook numbers and refuses one changed digit', () => {
    expect(checkLuhn('79927398713')).toBe(true);
    expect(checkLuhn('79927398710')).toBe(false);
    expect(checkLuhn('4111111111111111')).toBe(true);
    expect(checkLuhn('4111111111111112')).toBe(false);
  });
  it('refuses what is not digits', () => {
    expect(checkLuhn('')).toBe(false);
    expect(checkLuhn('4111 1111 1111 1111')).toBe(false);
    expect(checkLuhn('41111111111111a1')).toBe(false);
  });
  it('makes every generated card valid and every neighbour invalid', () => {
    for (const len of [16, 17, 18, 19]) {
      const n = cardNumber('622202', len);
      expect(n).toHaveLength(len);
      expect(checkLuhn(n)).toBe(true);
      const last = Number(n.at(-1));
      expect(checkLuhn(`${n.slice(0, -1)}${(last + 1) % 10}`)).toBe(false);
    }
  });
});

describe('bankOfCard (the BIN table)', () => {
  it.each([
    ['622202', 'ICBC'],
    ['622700', 'CCB'],
    ['622848', 'ABC'],
    ['601382', 'BOC'],
    ['622260', 'BOCOM'],
    ['622588', 'CMB'],
    ['621799', 'PSBC'],
    ['622690', 'CITIC'],
    ['622660', 'CEB'],
    ['622622', 'CMBC'],
    ['622521', 'SPDB'],
    ['622909', 'CIB'],
    ['621626', 'PAB'],
    ['622630', 'HXB'],
    ['622568', 'GDB'],
  ])('%s is %s', (bin, code) => {
    expect(bankOfCard(cardNumber(bin))?.code).toBe(code);
  });
  it('knows the older 19-digit ICBC cards by their 5-digit prefix', () => {
    expect(bankOfCard(cardNumber('95588', 19))?.code).toBe('ICBC');
    expect(bankOfCard(cardNumber('623058', 19))?.code).toBe('PAB');
  });
  it('lists debit cards only: a Ping An credit card BIN (622155) is not a designated account', () => {
    expect(bankOfCard(cardNumber('622155', 16))).toBeUndefined();
  });
  it('reads the number as typed, in groups', () => {
    expect(bankOfCard('6222 0212 3456 7890 123')?.code).toBe('ICBC');
  });
  it('finds nothing for a prefix it does not list', () => {
    expect(bankOfCard(cardNumber('400000'))).toBeUndefined();
    expect(bankOfCard('')).toBeUndefined();
  });
  it('lists every prefix once, all digits, 5 or 6 long, for every one of the 15 banks', () => {
    const all = MAINLAND_BANKS.flatMap((b) => b.bins);
    expect(new Set(all).size).toBe(all.length);
    for (const bin of all) expect(bin).toMatch(/^\d{5,6}$/);
    expect(MAINLAND_BANKS.map((b) => b.code)).toEqual([
      'ICBC',
      'CCB',
      'ABC',
      'BOC',
      'BOCOM',
      'CMB',
      'PSBC',
      'CITIC',
      'CEB',
      'CMBC',
      'SPDB',
      'CIB',
      'PAB',
      'HXB',
      'GDB',
    ]);
    // no prefix is the start of another bank's: the longest-prefix rule never decides between banks
    for (const a of MAINLAND_BANKS)
      for (const b of MAINLAND_BANKS)
        if (a !== b) for (const x of a.bins) for (const y of b.bins) expect(y.startsWith(x)).toBe(false);
  });
});

describe('the Hong Kong bank list', () => {
  it('has each bank once, with a 3-digit code, three names and a sane length range', () => {
    const codes = HONG_KONG_BANKS.map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const b of HONG_KONG_BANKS) {
      expect(b.code).toMatch(/^\d{3}$/);
      expect(b.en && b.zh_hans && b.zh_hant).toBeTruthy();
      expect(b.account_digits[0]).toBeGreaterThanOrEqual(9);
      expect(b.account_digits[1]).toBeLessThanOrEqual(12);
      expect(b.account_digits[0]).toBeLessThanOrEqual(b.account_digits[1]);
    }
  });
  it.each([
    ['004', 'Hongkong and Shanghai', '滙豐'],
    ['012', 'Bank of China (Hong Kong)', '中國銀行（香港）'],
    ['024', 'Hang Seng', '恒生'],
    ['003', 'Standard Chartered', '渣打'],
    ['250', 'Citibank', '花旗'],
    ['387', 'ZA Bank', '眾安'],
    ['393', 'Ant Bank', '螞蟻'],
  ])('%s is %s', (code, en, zhHant) => {
    const bank = hongKongBankOf(code)!;
    expect(bank.en).toContain(en);
    expect(bank.zh_hant).toContain(zhHant);
  });
  it('knows no made-up code', () => {
    expect(hongKongBankOf('999')).toBeUndefined();
    expect(hongKongBankOf('4')).toBeUndefined();
  });
  it('names a bank in the language asked', () => {
    const hsbc = hongKongBankOf('004')!;
    expect(bankNameIn(hsbc, 'en')).toBe(hsbc.en);
    expect(bankNameIn(hsbc, 'zh-HK')).toBe('香港上海滙豐銀行有限公司');
    expect(bankNameIn(hsbc, 'zh-CN')).toBe('香港上海汇丰银行有限公司');
  });
});

describe('maskBankNumber (spec §5: groups of 4, the middle masked)', () => {
  it.each([
    ['6222021234567890', '6222 **** **** 7890'],
    ['6222021234567890123', '6222 **** **** ***0 123'],
    ['6222 0212 3456 7890', '6222 **** **** 7890'],
    // a Hong Kong account (9–12 digits): the last 4 only, 4 + 4 would show most of it
    ['123456789012', '**** **** 9012'],
    ['123456789', '**** *678 9'],
    ['12345678', '**** 5678'],
  ])('%s → %s', (raw, masked) => {
    expect(maskBankNumber(raw)).toBe(masked);
  });
  it('never shows more than the first and last four digits', () => {
    const n = cardNumber('622202', 19);
    expect(maskBankNumber(n).replace(/\D/g, '')).toBe(n.slice(0, 4) + n.slice(-4));
  });
  it('digitsOf drops spaces and hyphens only', () => {
    expect(digitsOf('004-123 456')).toBe('004123456');
    expect(digitsOf('12a')).toBe('12a');
  });
});

describe('bankSelectOptions (the picker of /user/bank/select_list)', () => {
  it('offers every HK bank by its code, the code shown first, named in the language', () => {
    const en = bankSelectOptions('HK', 'en');
    expect(en.map((o) => o.value)).toEqual(HONG_KONG_BANKS.map((b) => b.code));
    expect(en.find((o) => o.value === '004')).toEqual({
      value: '004',
      text: '004 The Hongkong and Shanghai Banking Corporation Limited',
      disabled: false,
    });
    expect(bankSelectOptions('HK', 'zh-HK').find((o) => o.value === '012')?.text).toBe(
      '012 中國銀行（香港）有限公司',
    );
  });
  it('offers the mainland banks by their short code, named in Simplified Chinese for zh-CN', () => {
    const cn = bankSelectOptions('CN', 'zh-CN');
    expect(cn.map((o) => o.value)).toEqual(MAINLAND_BANKS.map((b) => b.code));
    expect(cn[0]).toEqual({ value: 'ICBC', text: '中国工商银行', disabled: false });
  });
});

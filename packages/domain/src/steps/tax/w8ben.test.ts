import { describe, expect, it } from 'vitest';
import {
  buildW8ben,
  checkNeedsW8ben,
  citizenshipFromId,
  NO_US_TREATY,
  STATUTORY_DIVIDEND_RATE_PERCENT,
  toW8benAddress,
  treatyDividendRate,
  US_TREATY_DIVIDEND_RATES,
} from './w8ben';

const identityHk = {
  id_location: 'HK',
  id_type: 'hk_id',
  nationality: null,
  english_surname: 'CHAN',
  english_given_name: 'TAI MAN',
  birth_date: '1990-05-04',
};
const identityCn = {
  ...identityHk,
  id_location: 'CN',
  id_type: 'cn_id',
  english_surname: 'WANG',
  english_given_name: 'FANG',
};
const hkAddress = {
  region: 'HK',
  district: 'wan_chai',
  detail: 'Flat 12A, 88 Hennessy Road',
  correspondence_same: true,
};

describe('the treaty table (W-8BEN line 10)', () => {
  it('China: 10% under Article 9(2) of the 1984 agreement (Article 10 there is Interest)', () => {
    expect(treatyDividendRate('CN')).toEqual({
      status: 'treaty',
      rate: { ratePercent: 10, article: '9', paragraph: '2', treaty: 'China 1984' },
    });
  });
  it('Hong Kong, Macao, Taiwan, Singapore, Malaysia, Viet Nam: no treaty, 30%', () => {
    for (const c of ['HK', 'MO', 'TW', 'SG', 'MY', 'VN'])
      expect(treatyDividendRate(c)).toEqual({ status: 'no_treaty' });
    expect(NO_US_TREATY).toContain('HK');
    expect(STATUTORY_DIVIDEND_RATE_PERCENT).toBe(30);
  });
  it.each([
    ['GB', 15, '10', '2(b)'],
    ['CA', 15, 'X', '2(b)'],
    ['JP', 10, '10', '2(b)'],
    ['KR', 15, '12', '2'],
    ['PH', 25, '11', '2'],
    ['TH', 15, '10', '2(b)'],
    ['IN', 25, '10', '2(b)'],
  ])('%s: %i%% under Article %s(%s)', (country, rate, article, paragraph) => {
    expect(US_TREATY_DIVIDEND_RATES[country]).toMatchObject({ ratePercent: rate, article, paragraph });
  });
  it('a country outside both lists is not listed (no claim prefilled), and case does not matter', () => {
    expect(treatyDividendRate('BR')).toEqual({ status: 'not_listed' });
    expect(treatyDividendRate('cn').status).toBe('treaty');
    expect(treatyDividendRate(undefined).status).toBe('not_listed');
  });
  it('no country is both in the treaty table and the no-treaty list; no rate above 30%', () => {
    for (const c of NO_US_TREATY) expect(US_TREATY_DIVIDEND_RATES[c]).toBeUndefined();
    for (const r of Object.values(US_TREATY_DIVIDEND_RATES)) expect(r.ratePercent).toBeLessThan(30);
  });
});

describe('when the W-8BEN is needed, and the citizenship the ID proves', () => {
  it('needs it with the US market chosen at the account type step', () => {
    expect(checkNeedsW8ben({ answers: { account_type: { markets: ['HK', 'US'] } } })).toBe(true);
    expect(checkNeedsW8ben({ answers: { account_type: { markets: ['HK'] } } })).toBe(false);
    expect(checkNeedsW8ben({ answers: {} })).toBe(false);
  });
  it('a mainland ID proves PRC citizenship, a passport its nationality, an HKID none', () => {
    expect(citizenshipFromId(identityCn)).toBe('CN');
    expect(citizenshipFromId({ id_type: 'passport', nationality: 'GB' })).toBe('GB');
    expect(citizenshipFromId(identityHk)).toBeNull();
    expect(citizenshipFromId(undefined)).toBeNull();
  });
});

describe('toW8benAddress: the address step\u2019s stored shape', () => {
  it('a Hong Kong address: the detail, the district by its English name', () => {
    expect(toW8benAddress(hkAddress)).toEqual({
      lines: ['Flat 12A, 88 Hennessy Road'],
      city: 'Wan Chai',
      postal_code: null,
      country: 'HK',
    });
  });
  it('a mainland address: county, city, province from the area codes, and the postal code', () => {
    expect(
      toW8benAddress({
        region: 'CN',
        province_code: '440000',
        city_code: '440300',
        county_code: '440305',
        detail: '科技园路1号',
        postal_code: '518057',
      }),
    ).toEqual({
      lines: ['科技园路1号'],
      city: '南山区, 深圳市, 广东省',
      postal_code: '518057',
      country: 'CN',
    });
  });
  it('elsewhere: the free lines and the country', () => {
    expect(
      toW8benAddress({
        region: 'OTHER',
        country: 'GB',
        detail: '10 Downing Street\nLondon',
        postal_code: 'SW1A 2AA',
      }),
    ).toEqual({ lines: ['10 Downing Street', 'London'], city: null, postal_code: 'SW1A 2AA', country: 'GB' });
  });
  it('the correspondence address under its prefix', () => {
    expect(
      toW8benAddress(
        { corr_region: 'HK', corr_district: 'central_and_western', corr_detail: "1 Queen's Road" },
        'corr_',
      ),
    ).toMatchObject({ city: 'Central and Western', country: 'HK' });
  });
  it('nothing usable: null', () => {
    expect(toW8benAddress(undefined)).toBeNull();
    expect(toW8benAddress({ region: 'HK' })).toBeNull();
    expect(toW8benAddress({ region: 'OTHER', detail: 'no country' })).toBeNull();
  });
});

describe('buildW8ben: the form prefilled from the earlier answers', () => {
  it('a Hong Kong resident: no treaty, 30%, no claim; citizenship from the tax step', () => {
    const w = buildW8ben({
      answers: {
        identity: identityHk,
        address: hkAddress,
        tax: {
          tax_residencies: [{ country: 'HK', tin_masked: 'A1****63', tin_from_id: true }],
          citizenship: 'CN',
        },
      },
    });
    expect(w).toMatchObject({
      form: 'W-8BEN',
      name: 'CHAN, TAI MAN',
      citizenship: 'CN',
      permanent_address: { country: 'HK', lines: ['Flat 12A, 88 Hennessy Road'] },
      mailing_address: null,
      us_tin: null,
      foreign_tin: { country: 'HK', tin_masked: 'A1****63', from_id: true },
      date_of_birth: '1990-05-04',
      treaty_country: 'HK',
      treaty_status: 'no_treaty',
      treaty_claim: null,
      dividend_withholding_percent: 30,
      missing: [],
    });
  });
  it('a mainland resident: China treaty, Article 9(2), 10% on dividends', () => {
    const w = buildW8ben({
      answers: {
        identity: identityCn,
        address: {
          region: 'CN',
          province_code: '440000',
          city_code: '440300',
          county_code: '440305',
          detail: '科技园路1号',
        },
        tax: { tax_residencies: [{ country: 'CN', tin_masked: '11**************2X', tin_from_id: true }] },
      },
    });
    expect(w.citizenship).toBe('CN');
    expect(w.treaty_claim).toEqual({
      article: '9',
      paragraph: '2',
      rate_percent: 10,
      income: 'dividends',
      treaty: 'China 1984',
    });
    expect(w.dividend_withholding_percent).toBe(10);
  });
  it('the treaty country is the residency of the permanent address, not the first listed', () => {
    const w = buildW8ben({
      answers: {
        identity: identityHk,
        address: { region: 'OTHER', country: 'GB', detail: '10 Downing Street\nLondon' },
        tax: {
          citizenship: 'GB',
          tax_residencies: [
            { country: 'HK', tin_masked: 'A1****63' },
            { country: 'GB', tin_masked: 'QQ*****6C' },
          ],
        },
      },
    });
    expect(w.treaty_country).toBe('GB');
    expect(w.foreign_tin).toEqual({ country: 'GB', tin_masked: 'QQ*****6C', from_id: false });
    expect(w.treaty_claim?.rate_percent).toBe(15);
  });
  it('no TIN: line 6b for reasons A and C, the explanation with B', () => {
    const base = { identity: identityHk, address: hkAddress };
    const a = buildW8ben({
      answers: { ...base, tax: { tax_residencies: [{ country: 'AE', tin_reason: 'A' }] } },
    });
    expect(a.foreign_tin).toBeNull();
    expect(a.foreign_tin_not_required).toBe(true);
    expect(a.foreign_tin_reason).toBe('A');
    const b = buildW8ben({
      answers: {
        ...base,
        tax: {
          tax_residencies: [{ country: 'SG', tin_reason: 'B', tin_reason_explanation: 'Not yet issued' }],
        },
      },
    });
    expect(b.foreign_tin_not_required).toBe(false);
    expect(b.foreign_tin_explanation).toBe('Not yet issued');
  });
  it('a different correspondence address is line 4', () => {
    const w = buildW8ben({
      answers: {
        identity: identityHk,
        address: {
          ...hkAddress,
          correspondence_same: false,
          corr_region: 'HK',
          corr_district: 'central_and_western',
          corr_detail: 'PO Box 1',
        },
        tax: { tax_residencies: [{ country: 'HK', tin_masked: 'A1****63' }] },
      },
    });
    expect(w.mailing_address).toEqual({
      lines: ['PO Box 1'],
      city: 'Central and Western',
      postal_code: null,
      country: 'HK',
    });
  });
  it('lists what earlier steps have not answered', () => {
    expect(buildW8ben({ answers: {} }).missing).toEqual([
      'name',
      'citizenship',
      'permanent_address',
      'treaty_country',
      'date_of_birth',
    ]);
    const noTin = buildW8ben({
      answers: { identity: identityCn, address: hkAddress, tax: { tax_residencies: [{ country: 'HK' }] } },
    });
    expect(noTin.missing).toEqual(['foreign_tin']);
  });
});

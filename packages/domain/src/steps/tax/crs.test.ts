import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  checkIsTinFormat,
  checkIsUsPerson,
  checkTinFromId,
  checkUsPerson,
  crsFormSchema,
  expandSealedTins,
  MAX_TAX_RESIDENCIES,
  maskTin,
  NO_TIN_EXPLANATION_MAX,
  NO_TIN_REASONS,
  normalizeTin,
  prefillTin,
} from './crs';

/** [path, message] of every issue. */
function issues(input: unknown): [string, string][] {
  const r = z.safeParse(crsFormSchema(), input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}
function parse(input: unknown) {
  return z.parse(crsFormSchema(), input);
}

const HKID = 'A1234563'; // A123456(3), the Immigration Department's example
const CN_ID = '11010519491231002X'; // GB 11643-1999's example
const fatca = { us_citizen: false, us_green_card: false, us_born: false };
const form = (...tax_residencies: unknown[]) => ({ tax_residencies, ...fatca });

describe('prefillTin: the TIN the ID document gives', () => {
  it('HKID → Hong Kong, normalised as the ID step stores it', () => {
    expect(prefillTin('hk_id', 'A123456(3)')).toEqual({ country: 'HK', tin: HKID });
    expect(prefillTin('hk_id', ' a123456 (3) ')).toEqual({ country: 'HK', tin: HKID });
  });
  it('mainland resident ID (18 characters) → China', () => {
    expect(prefillTin('cn_id', '11010519491231002x')).toEqual({ country: 'CN', tin: CN_ID });
  });
  it('a passport gives no TIN', () => {
    expect(prefillTin('passport', 'E12345678')).toBeUndefined();
  });
  it('a number that is not a valid ID number prefills nothing', () => {
    expect(prefillTin('hk_id', 'A1234567')).toBeUndefined(); // wrong check digit
    expect(prefillTin('cn_id', '110105194912310')).toBeUndefined(); // 15-digit (first-generation) card
    expect(prefillTin('hk_id', '')).toBeUndefined();
  });
});

describe('TIN format by country', () => {
  it.each([
    ['HK', HKID, true],
    ['HK', 'AB9876543', true], // two letters: AB987654(3)
    ['HK', 'AB9876540', false], // wrong check digit
    ['HK', 'A123456', false],
    ['HK', '12345678', false],
    ['CN', CN_ID, true],
    ['CN', '110105194912310021', true],
    ['CN', '11010519491231002', false],
    ['CN', '1101051949123100211', false],
    ['CN', '11010519491231002A', false],
    ['GB', 'QQ 12 34 56 C', true],
    ['US', '123-45-6789', true],
    ['DE', '12/345/67890', true],
    ['SG', 'S1234567D', true],
    ['SG', 'x'.repeat(30), true],
    ['SG', 'x'.repeat(31), false],
    ['SG', '---', false], // no letter or digit
    ['SG', 'S123_456', false],
    ['SG', 'S123.456', false],
    ['SG', '中文', false],
    ['SG', '', false],
  ])('%s %j → %s', (country, tin, ok) => {
    expect(checkIsTinFormat(country, tin)).toBe(ok);
  });
  it('normalises HK and CN ID numbers, trims others', () => {
    expect(normalizeTin('HK', 'a123456(3)')).toBe(HKID);
    expect(normalizeTin('CN', '110105 19491231 002x')).toBe(CN_ID);
    expect(normalizeTin('GB', '  QQ 12 34 56 C ')).toBe('QQ 12 34 56 C');
  });
});

describe('crsFormSchema: tax residencies (1–5, distinct ISO 3166 countries)', () => {
  it('accepts one Hong Kong residency with the HKID as TIN, normalised', () => {
    expect(parse(form({ country: 'hk', tin: 'A123456(3)' }))).toEqual({
      tax_residencies: [
        {
          country: 'HK',
          tin: HKID,
          tin_from_id: undefined,
          tin_masked: undefined,
          tin_reason: undefined,
          tin_reason_explanation: undefined,
        },
      ],
      ...fatca,
    });
  });
  it('accepts five residencies', () => {
    const five = ['HK', 'CN', 'GB', 'SG', 'JP'].map((country, i) =>
      country === 'HK'
        ? { country, tin: HKID }
        : country === 'CN'
          ? { country, tin: CN_ID }
          : { country, tin: `T${i}` },
    );
    expect(MAX_TAX_RESIDENCIES).toBe(5);
    expect(issues(form(...five))).toEqual([]);
  });
  it('refuses none', () => {
    expect(issues(form())).toEqual([['tax_residencies', 'tax_residency_required']]);
  });
  it('refuses a missing or non-list tax_residencies', () => {
    expect(issues({ ...fatca })).toEqual([['tax_residencies', 'tax_residency_required']]);
    expect(issues({ ...fatca, tax_residencies: 'HK' })).toEqual([
      ['tax_residencies', 'tax_residency_required'],
    ]);
  });
  it('refuses six', () => {
    const six = ['GB', 'SG', 'JP', 'FR', 'DE', 'AU'].map((country) => ({ country, tin: 'T1' }));
    expect(issues(form(...six))).toEqual([['tax_residencies', 'tax_residency_too_many']]);
  });
  it('refuses the same country twice, at the second one (case-insensitive)', () => {
    expect(
      issues(form({ country: 'GB', tin: 'T1' }, { country: 'SG', tin: 'T2' }, { country: 'gb', tin: 'T3' })),
    ).toEqual([['tax_residencies.2.country', 'tax_residency_duplicate']]);
  });
  it.each([undefined, '', 'XX', 'UK', 'HKG', 1])('refuses country %j', (country) => {
    expect(issues(form({ country, tin: 'T1' }))).toEqual([
      ['tax_residencies.0.country', 'tax_residency_required'],
    ]);
  });
});

describe('crsFormSchema: a TIN or a reason A/B/C (OECD CRS self-certification)', () => {
  it.each(NO_TIN_REASONS.filter((r) => r !== 'B'))('reason %s alone is enough', (tin_reason) => {
    expect(issues(form({ country: 'AE', tin_reason }))).toEqual([]);
  });
  it('neither TIN nor reason is refused at the TIN', () => {
    expect(issues(form({ country: 'SG' }))).toEqual([['tax_residencies.0.tin', 'tin_or_reason_required']]);
    expect(issues(form({ country: 'SG', tin: '   ' }))).toEqual([
      ['tax_residencies.0.tin', 'tin_or_reason_required'],
    ]);
  });
  it('both a TIN and a reason is refused at the reason', () => {
    expect(issues(form({ country: 'SG', tin: 'S1234567D', tin_reason: 'A' }))).toEqual([
      ['tax_residencies.0.tin_reason', 'tin_or_reason_required'],
    ]);
  });
  it('an unknown reason is refused', () => {
    expect(issues(form({ country: 'SG', tin_reason: 'D' }))).toEqual([
      ['tax_residencies.0.tin_reason', 'tin_or_reason_required'],
    ]);
  });
  it('reason B needs an explanation of at most 200 characters', () => {
    const b = { country: 'SG', tin_reason: 'B' };
    expect(issues(form(b))).toEqual([
      ['tax_residencies.0.tin_reason_explanation', 'tin_reason_b_explanation_required'],
    ]);
    expect(issues(form({ ...b, tin_reason_explanation: '  ' }))).toEqual([
      ['tax_residencies.0.tin_reason_explanation', 'tin_reason_b_explanation_required'],
    ]);
    expect(NO_TIN_EXPLANATION_MAX).toBe(200);
    expect(issues(form({ ...b, tin_reason_explanation: '因'.repeat(200) }))).toEqual([]);
    expect(issues(form({ ...b, tin_reason_explanation: 'x'.repeat(201) }))).toEqual([
      ['tax_residencies.0.tin_reason_explanation', 'tin_reason_b_explanation_too_long'],
    ]);
  });
  it('keeps a trimmed explanation with B, drops one given with A or C', () => {
    const out = parse(
      form(
        { country: 'SG', tin_reason: 'B', tin_reason_explanation: '  Not yet issued  ' },
        { country: 'AE', tin_reason: 'A', tin_reason_explanation: 'stale text' },
      ),
    );
    expect(out.tax_residencies[0]?.tin_reason_explanation).toBe('Not yet issued');
    expect(out.tax_residencies[1]?.tin_reason_explanation).toBeUndefined();
  });
  it('refuses a TIN of the wrong format for its country', () => {
    expect(issues(form({ country: 'HK', tin: 'A1234567' }))).toEqual([
      ['tax_residencies.0.tin', 'tin_format'],
    ]);
    expect(issues(form({ country: 'CN', tin: '12345' }))).toEqual([['tax_residencies.0.tin', 'tin_format']]);
    expect(issues(form({ country: 'SG', tin: 'x'.repeat(31) }))).toEqual([
      ['tax_residencies.0.tin', 'tin_format'],
    ]);
    expect(issues(form({ country: 'SG', tin: 42 }))).toEqual([['tax_residencies.0.tin', 'tin_format']]);
  });
  it('reports each residency at its own index', () => {
    expect(
      issues(form({ country: 'HK', tin: HKID }, { country: 'SG' }, { country: 'GB', tin_reason: 'B' })),
    ).toEqual([
      ['tax_residencies.1.tin', 'tin_or_reason_required'],
      ['tax_residencies.2.tin_reason_explanation', 'tin_reason_b_explanation_required'],
    ]);
  });
});

describe('crsFormSchema: the FATCA questions', () => {
  it('must all three be answered yes or no', () => {
    expect(issues({ tax_residencies: [{ country: 'HK', tin: HKID }] })).toEqual([
      ['us_citizen', 'us_person_answer_required'],
      ['us_green_card', 'us_person_answer_required'],
      ['us_born', 'us_person_answer_required'],
    ]);
    expect(
      issues({
        tax_residencies: [{ country: 'HK', tin: HKID }],
        us_citizen: false,
        us_green_card: 'no',
        us_born: false,
      }),
    ).toEqual([['us_green_card', 'us_person_answer_required']]);
  });
  it('takes an optional citizenship (W-8BEN line 2) as an ISO code', () => {
    expect(parse({ ...form({ country: 'HK', tin: HKID }), citizenship: 'gb' }).citizenship).toBe('GB');
    expect(issues({ ...form({ country: 'HK', tin: HKID }), citizenship: 'UK' })).toEqual([
      ['citizenship', 'citizenship_invalid'],
    ]);
  });
});

describe('the TIN from the sealed ID number (tin_from_id) and a kept TIN (tin_masked)', () => {
  it('the form takes the flag instead of a TIN, never with a reason', () => {
    expect(issues(form({ country: 'HK', tin_from_id: true }))).toEqual([]);
    expect(parse(form({ country: 'HK', tin_from_id: true })).tax_residencies[0]?.tin_from_id).toBe(true);
    expect(issues(form({ country: 'HK', tin_from_id: true, tin_reason: 'A' }))).toEqual([
      ['tax_residencies.0.tin_reason', 'tin_or_reason_required'],
    ]);
  });
  it('the form takes a TIN saved before as its mask', () => {
    expect(issues(form({ country: 'SG', tin_masked: 'S1*****7D' }))).toEqual([]);
  });
  it('the server puts the HKID in for HK, the resident ID for CN, nothing for another country', () => {
    const hk = { idType: 'hk_id' as const, idNumber: 'A123456(3)' };
    const out = expandSealedTins(
      form({ country: 'HK', tin_from_id: true }, { country: 'SG', tin_from_id: true }),
      {
        idDocument: hk,
      },
    );
    expect(out.tax_residencies).toEqual([
      { country: 'HK', tin: HKID, tin_from_id: true },
      { country: 'SG', tin_from_id: true },
    ]);
    expect(checkTinFromId(out as never)).toEqual({ index: 1, problem: 'tin_from_id_unavailable' });
    const cn = expandSealedTins(form({ country: 'CN', tin_from_id: true }), {
      idDocument: { idType: 'cn_id', idNumber: CN_ID },
    });
    expect(cn.tax_residencies).toEqual([{ country: 'CN', tin: CN_ID, tin_from_id: true }]);
    // a passport gives no TIN; a TIN sent with the flag is replaced by the ID's
    const passport = expandSealedTins(form({ country: 'HK', tin_from_id: true, tin: 'Z9999999' }), {
      idDocument: { idType: 'passport', idNumber: 'E12345678' },
    });
    expect(passport.tax_residencies).toEqual([{ country: 'HK', tin_from_id: true }]);
    // the expanded answers pass the form, the TIN checked as any other
    expect(
      issues(
        out.tax_residencies ? { ...out, tax_residencies: [(out.tax_residencies as unknown[])[0]] } : out,
      ),
    ).toEqual([]);
  });
  it('a kept mask gets its sealed TIN back when country and mask match, else needs a TIN again', () => {
    const keptTins = [{ country: 'SG', tin: 'S1234567D' }];
    const same = expandSealedTins(form({ country: 'SG', tin_masked: maskTin('S1234567D') }), { keptTins });
    expect(same.tax_residencies).toEqual([{ country: 'SG', tin: 'S1234567D' }]);
    const moved = expandSealedTins(form({ country: 'GB', tin_masked: maskTin('S1234567D') }), { keptTins });
    expect(moved.tax_residencies).toEqual([{ country: 'GB' }]);
    expect(issues(moved)).toEqual([['tax_residencies.0.tin', 'tin_or_reason_required']]);
    // a mask beside a newly typed TIN is ignored: the new TIN counts
    const typed = expandSealedTins(form({ country: 'SG', tin: 'T7654321Z', tin_masked: 'S1*****7D' }), {
      keptTins,
    });
    expect(typed.tax_residencies).toEqual([{ country: 'SG', tin: 'T7654321Z' }]);
  });
  it('masks all but the first two and last two characters', () => {
    expect(maskTin(HKID)).toBe('A1****63');
    expect(maskTin('ABCD')).toBe('****');
  });
});

describe('checkIsUsPerson (FATCA): a US person cannot open online', () => {
  const none = { nationality: 'HK', taxResidencies: ['HK'], greenCard: false, usBorn: false };
  it('a Hong Kong resident with no US tie is not', () => {
    expect(checkIsUsPerson(none)).toBe(false);
    expect(checkUsPerson(none)).toBeNull();
  });
  it.each([
    ['a US citizen', { nationality: 'US' }],
    ['a US citizen, lower-case code', { nationality: 'us' }],
    ['a dual citizen', { nationality: 'CN', otherNationalities: ['CA', 'US'] }],
    ['a green card holder', { greenCard: true }],
    ['a declared US citizen (naturalised, dual)', { usCitizen: true }],
    ['a US tax resident', { taxResidencies: ['HK', 'US'] }],
    ['born in the United States', { usBorn: true }],
  ])('%s is', (_who, tie) => {
    const facts = { ...none, ...tie };
    expect(checkIsUsPerson(facts)).toBe(true);
    expect(checkUsPerson(facts)).toBe('us_person_not_online');
  });
  it('no nationality yet and no other tie: not a US person', () => {
    expect(checkIsUsPerson({ taxResidencies: [], greenCard: false })).toBe(false);
  });
});

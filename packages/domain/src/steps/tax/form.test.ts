import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { StepFormContext } from '../../flow/step-forms';
import { taxForm } from './form';

const HKID = 'A1234563';
const ctx = (answers: StepFormContext['facts']['answers']): StepFormContext => ({
  today: '2026-06-01',
  facts: { markets: [], answers },
  documentCounts: {},
});
const hkIdentity = { id_type: 'hk_id', id_location: 'HK', nationality: null };
const base = {
  tax_residencies: [{ country: 'HK', tin: HKID }],
  us_citizen: false,
  us_green_card: false,
  us_born: false,
};
const check = (answers: Record<string, unknown>, c: StepFormContext) =>
  taxForm.check!(z.parse(taxForm.schema(c), answers), c);

describe('taxForm.check: US persons and the W-8BEN citizenship', () => {
  const hk = ctx({ identity: hkIdentity, account_type: { markets: ['HK'] } });
  it('a Hong Kong resident without US ties passes', () => {
    expect(check(base, hk)).toEqual({});
  });
  it.each([
    ['a declared US citizen', { us_citizen: true }],
    ['a green card holder', { us_green_card: true }],
    ['born in the US', { us_born: true }],
    [
      'a US tax resident',
      {
        tax_residencies: [
          { country: 'HK', tin: HKID },
          { country: 'US', tin: '123-45-6789' },
        ],
      },
    ],
    ['a US citizen by the citizenship answered', { citizenship: 'US' }],
  ])('%s cannot open online', (_who, change) => {
    expect(check({ ...base, ...change }, hk)).toEqual({ us_person: 'us_person_not_online' });
  });
  it('a US passport on the ID step is a US person', () => {
    const us = ctx({ identity: { id_type: 'passport', nationality: 'US' } });
    expect(check(base, us)).toEqual({ us_person: 'us_person_not_online' });
  });
  it('with the US market an HKID holder gives a citizenship; a mainland ID or passport need not', () => {
    const usMarket = { account_type: { markets: ['HK', 'US'] } };
    expect(check(base, ctx({ identity: hkIdentity, ...usMarket }))).toEqual({
      citizenship: 'citizenship_required',
    });
    expect(check({ ...base, citizenship: 'CN' }, ctx({ identity: hkIdentity, ...usMarket }))).toEqual({});
    expect(check(base, ctx({ identity: { id_type: 'cn_id' }, ...usMarket }))).toEqual({});
    expect(check(base, ctx({ identity: { id_type: 'passport', nationality: 'GB' }, ...usMarket }))).toEqual(
      {},
    );
  });
  it('a tin_from_id the ID does not honour is reported at that residency', () => {
    const answers = taxForm.expandSealed!(
      { ...base, tax_residencies: [{ country: 'SG', tin_from_id: true }] },
      { idDocument: { idType: 'hk_id', idNumber: HKID }, own: {} },
    );
    expect(check(answers, hk)).toEqual({ 'tax_residencies.0.tin': 'tin_from_id_unavailable' });
  });
});

describe('taxForm.seal and expandSealed: TINs sealed, masks shown, kept TINs found again', () => {
  it('seals the TINs and keeps the masks (and the ID flag) in the answers', () => {
    const expanded = taxForm.expandSealed!(
      {
        ...base,
        tax_residencies: [
          { country: 'HK', tin_from_id: true },
          { country: 'SG', tin: 'S1234567D' },
        ],
      },
      { idDocument: { idType: 'hk_id', idNumber: 'A123456(3)' }, own: {} },
    );
    const parsed = z.parse(taxForm.schema(ctx({})), expanded);
    const { answers, sealed } = taxForm.seal!(parsed);
    expect(answers.tax_residencies).toEqual([
      expect.objectContaining({ country: 'HK', tin_from_id: true, tin_masked: 'A1****63' }),
      expect.objectContaining({ country: 'SG', tin_masked: 'S1*****7D' }),
    ]);
    expect(JSON.stringify(answers)).not.toContain(HKID);
    expect(JSON.parse(sealed.tins!.plain)).toEqual([
      { country: 'HK', tin: HKID },
      { country: 'SG', tin: 'S1234567D' },
    ]);
    expect(sealed.tins!.masked).toBe('HK A1****63, SG S1*****7D');
    // sent back with its mask only, the SG TIN is found in the step's own sealed value
    const again = taxForm.expandSealed!(
      { ...base, tax_residencies: [{ country: 'SG', tin_masked: 'S1*****7D' }] },
      { own: { tins: sealed.tins!.plain } },
    );
    expect(again.tax_residencies).toEqual([{ country: 'SG', tin: 'S1234567D' }]);
    // a sealed value that is not JSON keeps nothing (and throws nothing)
    const broken = taxForm.expandSealed!(
      { ...base, tax_residencies: [{ country: 'SG', tin_masked: 'S1*****7D' }] },
      { own: { tins: 'not json' } },
    );
    expect(broken.tax_residencies).toEqual([{ country: 'SG' }]);
  });
  it('the draft schema keeps masks, flags and the FATCA answers', () => {
    const draft = z.parse(taxForm.draft!, {
      tax_residencies: [{ country: 'HK', tin_masked: 'A1****63', tin_from_id: true }],
      us_citizen: false,
      citizenship: 'CN',
    });
    expect(draft).toEqual({
      tax_residencies: [{ country: 'HK', tin_masked: 'A1****63', tin_from_id: true }],
      us_citizen: false,
      citizenship: 'CN',
    });
  });
});

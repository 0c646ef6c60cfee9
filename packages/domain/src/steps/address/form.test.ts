import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LANGUAGES } from '../../constants';
import { fieldErrorsOf } from '../../field-errors';
import { FLOW_ERROR_MESSAGES } from '../../flow/messages';
import { STEP_FORMS, type StepFormContext } from '../../flow/step-forms';
import { addErrorMessages } from '../../i18n';
import { earliestProofDate } from '../account-type/account-rules';
import { ADDRESS_PROOF_PROBLEMS } from './address-proof';
import {
  ADDRESS_PROOF_FIELD,
  ADDRESS_PROOF_PDF_COUNT_KEY,
  type AddressProblem,
  addressDraftSchema,
  addressForm,
  addressFormSchema,
  checkAddress,
} from './form';

// the screen and the server know the flow's message keys (else they read as invalid_value)
addErrorMessages(FLOW_ERROR_MESSAGES);

const TODAY = '2026-05-31';
const CN = { region: 'CN', province_code: '440000', city_code: '440300', county_code: '440305' };
const PROOF = {
  proof_type: 'utility_bill',
  proof_issued_on: '2026-05-02',
  proof_confirmed: true,
};
const GOOD = { ...CN, detail: '  科技园南区 1 栋 1201  ', postal_code: '518057', ...PROOF };

const ctx = (documentCounts: Record<string, number> = { address_proof: 1 }): StepFormContext => ({
  today: TODAY,
  facts: { markets: [], answers: {} },
  documentCounts,
});

function parse(answers: Record<string, unknown>) {
  return z.safeParse(addressFormSchema({ today: TODAY }), answers);
}
function errors(answers: Record<string, unknown>) {
  const r = parse(answers);
  return r.success ? {} : fieldErrorsOf(r.error.issues);
}

describe('addressForm: the residential address', () => {
  it('is the step form of the address step', () => {
    expect(STEP_FORMS.address).toBe(addressForm);
  });

  it('keeps a mainland address trimmed, with the correspondence address the same by default', () => {
    const r = parse(GOOD);
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      ...CN,
      detail: '科技园南区 1 栋 1201',
      postal_code: '518057',
      correspondence_same: true,
      ...PROOF,
    });
  });

  it('keeps only the region’s own fields (a district or country typed earlier is dropped)', () => {
    const r = parse({ ...GOOD, district: 'wan_chai', country: 'GB', postal_code: '' });
    expect(r.data).not.toHaveProperty('district');
    expect(r.data).not.toHaveProperty('country');
    expect(r.data).not.toHaveProperty('postal_code');
  });

  it('a Hong Kong address: one of the 18 districts and the detail; no postal code is kept', () => {
    const r = parse({
      region: 'HK',
      district: 'sha_tin',
      detail: 'Flat 3A, 8 Sha Tin Centre St',
      postal_code: '999077',
      ...PROOF,
    });
    expect(r.data).toMatchObject({
      region: 'HK',
      district: 'sha_tin',
      detail: 'Flat 3A, 8 Sha Tin Centre St',
    });
    expect(r.data).not.toHaveProperty('postal_code');
    expect(errors({ region: 'HK', district: 'mong_kok', detail: 'x', ...PROOF })).toEqual({
      district: 'address_district_required',
    });
  });

  it('elsewhere: a country of the list (not CN or HK), free lines and an optional postal code', () => {
    const r = parse({
      region: 'OTHER',
      country: 'gb',
      detail: ' 10 Downing Street \n\n  London ',
      postal_code: 'sw1a  2aa',
      ...PROOF,
    });
    expect(r.data).toMatchObject({
      region: 'OTHER',
      country: 'GB',
      detail: '10 Downing Street\nLondon',
      postal_code: 'SW1A 2AA',
    });
    expect(parse({ region: 'OTHER', country: 'MO', detail: 'Rua de S. Paulo 1', ...PROOF }).success).toBe(
      true,
    );
    const bad: [Record<string, unknown>, string, AddressProblem][] = [
      [{ country: '' }, 'country', 'address_country_required'],
      [{ country: 'XX' }, 'country', 'address_country_required'],
      [{ country: 'CN' }, 'country', 'address_country_is_region'],
      [{ country: 'HK' }, 'country', 'address_country_is_region'],
      [{ detail: 'a\nb\nc\nd\ne' }, 'detail', 'address_detail_too_many_lines'],
      [{ postal_code: '!!' }, 'postal_code', 'address_postal_invalid_other'],
      [{ postal_code: '12345678901' }, 'postal_code', 'address_postal_invalid_other'],
    ];
    for (const [change, field, key] of bad)
      expect(errors({ region: 'OTHER', country: 'JP', detail: '1-1 Chiyoda', ...PROOF, ...change })).toEqual({
        [field]: key,
      });
  });

  it.each([
    ['no region', { region: undefined }, 'region', 'address_region_required'],
    ['an unknown region', { region: 'MO' }, 'region', 'address_region_required'],
    ['an empty county code', { county_code: '' }, 'area', 'address_area_required'],
    [
      'no area at all',
      { province_code: undefined, city_code: undefined, county_code: undefined },
      'area',
      'address_area_required',
    ],
    ['an unknown code', { county_code: '440399' }, 'area', 'address_area_invalid'],
    ['a county not under its city', { county_code: '440106' }, 'area', 'address_area_invalid'],
    ['a city not under its province', { province_code: '110000' }, 'area', 'address_area_invalid'],
    ['a blank detail', { detail: ' \n ' }, 'detail', 'address_detail_required'],
    ['a detail of 201 characters', { detail: '路'.repeat(201) }, 'detail', 'address_detail_too_long'],
    ['a detail that is not text', { detail: 12 }, 'detail', 'address_detail_required'],
    ['5 digits', { postal_code: '51805' }, 'postal_code', 'address_postal_invalid'],
    ['7 digits', { postal_code: '5180570' }, 'postal_code', 'address_postal_invalid'],
    ['letters', { postal_code: '51805a' }, 'postal_code', 'address_postal_invalid'],
    ['a number, not text', { postal_code: 518057 }, 'postal_code', 'address_postal_invalid'],
  ])('%s is refused at its field', (_label, change, field, key) => {
    expect(errors({ ...GOOD, ...change })).toEqual({ [field]: key });
  });

  it('counts characters, not UTF-16 units: 200 emoji-bearing characters pass', () => {
    expect(parse({ ...GOOD, detail: '🏠'.repeat(200) }).success).toBe(true);
    expect(errors({ ...GOOD, detail: '🏠'.repeat(201) })).toEqual({ detail: 'address_detail_too_long' });
  });

  it('spec §5 order: area empty, then address empty, then postal invalid', () => {
    const r = parse({ ...GOOD, county_code: '', detail: '', postal_code: '1' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'address_area_required',
      'address_detail_required',
      'address_postal_invalid',
    ]);
    expect(checkAddress({ ...CN, county_code: '', detail: '', postal_code: '1' }).map(([f]) => f)).toEqual([
      'area',
      'detail',
      'postal_code',
    ]);
  });
});

describe('addressForm: the correspondence address', () => {
  const other = {
    correspondence_same: false,
    corr_region: 'HK',
    corr_district: 'central_and_western',
    corr_detail: '1 Queen’s Road Central',
  };

  it('another address is checked like the residential one, at its corr_ fields', () => {
    const r = parse({ ...GOOD, ...other });
    expect(r.data).toMatchObject(other);
    expect(errors({ ...GOOD, ...other, corr_district: '', corr_detail: '' })).toEqual({
      corr_district: 'address_district_required',
      corr_detail: 'address_detail_required',
    });
    expect(errors({ ...GOOD, correspondence_same: false })).toEqual({
      corr_region: 'address_region_required',
    });
    expect(
      errors({
        ...GOOD,
        correspondence_same: '0',
        corr_region: 'CN',
        corr_province_code: '440000',
        corr_city_code: '440300',
        corr_county_code: '',
        corr_detail: 'x',
      }),
    ).toEqual({ corr_area: 'address_area_required' });
  });

  it('the same address keeps no corr_ field', () => {
    const r = parse({ ...GOOD, ...other, correspondence_same: true });
    expect(Object.keys(r.data!).filter((k) => k.startsWith('corr_'))).toEqual([]);
    expect(errors({ ...GOOD, correspondence_same: 'maybe' })).toEqual({
      correspondence_same: 'invalid_value',
    });
  });
});

describe('addressForm: the address proof (spec §5)', () => {
  it('a proof older than 3 months is refused, saying the rule; one in the future too', () => {
    const earliest = earliestProofDate(TODAY);
    expect(earliest).toBe('2026-02-28');
    expect(parse({ ...GOOD, proof_issued_on: earliest }).success).toBe(true);
    expect(errors({ ...GOOD, proof_issued_on: '2026-02-27' })).toEqual({
      proof_issued_on: 'address_proof_too_old',
    });
    expect(FLOW_ERROR_MESSAGES.en.address_proof_too_old).toMatch(/3 months/);
    expect(errors({ ...GOOD, proof_issued_on: '2026-06-01' })).toEqual({
      proof_issued_on: 'address_proof_in_future',
    });
    expect(errors({ ...GOOD, proof_issued_on: '2026-02-30' })).toEqual({
      proof_issued_on: 'address_proof_date_required',
    });
    expect(errors({ ...GOOD, proof_issued_on: undefined })).toEqual({
      proof_issued_on: 'address_proof_date_required',
    });
  });

  it('one of the six kinds; a rental contract of at least 1 month', () => {
    expect(errors({ ...GOOD, proof_type: 'passport' })).toEqual({
      proof_type: 'address_proof_type_required',
    });
    expect(errors({ ...GOOD, proof_type: 'rental_contract' })).toEqual({
      proof_rental_months: 'address_proof_rental_too_short',
    });
    expect(errors({ ...GOOD, proof_type: 'rental_contract', proof_rental_months: '0' })).toEqual({
      proof_rental_months: 'address_proof_rental_too_short',
    });
    const rental = parse({ ...GOOD, proof_type: 'rental_contract', proof_rental_months: '12' });
    expect(rental.data).toMatchObject({ proof_type: 'rental_contract', proof_rental_months: 12 });
    expect(parse({ ...GOOD, proof_rental_months: 12 }).data).not.toHaveProperty('proof_rental_months');
  });

  it('the person confirms it is machine-printed with name, address and chop', () => {
    for (const proof_confirmed of [undefined, false, '0', 'yes'])
      expect(errors({ ...GOOD, proof_confirmed })).toEqual({
        proof_confirmed: 'address_proof_confirmation_required',
      });
    expect(parse({ ...GOOD, proof_confirmed: '1' }).success).toBe(true);
  });

  it('check(): 1–3 images or one PDF e-statement, counted on the documents', () => {
    const answers = parse(GOOD).data as Record<string, unknown>;
    const check = (counts: Record<string, number>) => addressForm.check!(answers, ctx(counts));
    expect(check({})).toEqual({ address_proof: 'address_proof_file_required' });
    expect(check({ address_proof: 0 })).toEqual({ address_proof: 'address_proof_file_required' });
    expect(check({ address_proof: 1 })).toEqual({});
    expect(check({ address_proof: 3 })).toEqual({});
    expect(check({ address_proof: 4 })).toEqual({ address_proof: 'address_proof_too_many' });
    expect(check({ address_proof: 1, [ADDRESS_PROOF_PDF_COUNT_KEY]: 1 })).toEqual({});
    expect(check({ address_proof: 2, [ADDRESS_PROOF_PDF_COUNT_KEY]: 1 })).toEqual({
      address_proof: 'address_proof_too_many',
    });
    expect(check({ address_proof: 2, [ADDRESS_PROOF_PDF_COUNT_KEY]: 2 })).toEqual({
      address_proof: 'address_proof_too_many',
    });
    // the rules again, on answers that did not come through the schema
    expect(addressForm.check!({ ...answers, proof_issued_on: '2025-01-01' }, ctx())).toEqual({
      proof_issued_on: 'address_proof_too_old',
    });
  });

  it('every address-proof problem has a field', () => {
    for (const p of ADDRESS_PROOF_PROBLEMS) expect(ADDRESS_PROOF_FIELD[p]).toBeTruthy();
  });
});

describe('addressForm: drafts', () => {
  it('a half-filled form is a draft; the confirmed answers are one too', () => {
    expect(
      z.safeParse(addressDraftSchema, { region: 'CN', province_code: '440000', city_code: '' }).success,
    ).toBe(true);
    expect(z.safeParse(addressDraftSchema, {}).success).toBe(true);
    const confirmed = parse({
      ...GOOD,
      proof_type: 'rental_contract',
      proof_rental_months: 6,
      correspondence_same: false,
      corr_region: 'OTHER',
      corr_country: 'GB',
      corr_detail: '1 High St\nOxford',
      corr_postal_code: 'OX1 1AA',
    }).data!;
    expect(z.parse(addressDraftSchema, confirmed)).toEqual(confirmed);
  });

  it.each([
    [{ region: 'XX' }, 'region', 'address_region_required'],
    [{ province_code: '44' }, 'province_code', 'address_area_invalid'],
    [{ detail: '路'.repeat(201) }, 'detail', 'address_detail_too_long'],
    [{ corr_district: 'mong_kok' }, 'corr_district', 'address_district_required'],
    [{ proof_type: 'passport' }, 'proof_type', 'address_proof_type_required'],
    [{ proof_issued_on: 'yesterday' }, 'proof_issued_on', 'address_proof_date_required'],
  ])('a draft %j is refused at its field', (draft, field, key) => {
    const r = z.safeParse(addressDraftSchema, draft);
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.error!.issues)).toEqual({ [field]: key });
  });
});

describe('messages', () => {
  it('every key of the form is worded in every language', () => {
    const keys: string[] = [
      'address_region_required',
      'address_area_required',
      'address_area_invalid',
      'address_district_required',
      'address_country_required',
      'address_country_is_region',
      'address_detail_required',
      'address_detail_too_long',
      'address_detail_too_many_lines',
      'address_postal_invalid',
      'address_postal_invalid_other',
      ...ADDRESS_PROOF_PROBLEMS,
      'address_proof_file_type',
      'address_proof_pdf_active_content',
      'address_proof_pdf_encrypted',
      'address_proof_pdf_unreadable',
    ] satisfies (AddressProblem | string)[];
    for (const lang of LANGUAGES)
      for (const key of keys) expect(FLOW_ERROR_MESSAGES[lang][key], `${lang} ${key}`).toBeTruthy();
    // spec §5's own wording of the three address-form messages
    expect(FLOW_ERROR_MESSAGES['zh-CN'].address_area_required).toBe('请选择地区');
    expect(FLOW_ERROR_MESSAGES['zh-CN'].address_detail_required).toBe('请填写详细地址');
  });
});

import { countryName } from '../../countries';
import { mainlandAreaNames } from '../../flow/mainland-areas';
import { defineCatalogue, EVERYONE, type FieldSpec, NOBODY } from '../field-catalogue';
import type { StepSample } from '../types';
import { ADDRESS_PROOF_TYPES, HK_DISTRICT_CODES, hkDistrictName } from './address-proof';
import { ADDRESS_REGIONS } from './form';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** One address (residential, or correspondence with `corr_`): region, then where in it, then the lines. */
function addressFields<P extends string>(prefix: P, wrap?: string) {
  const label = (key: string) => (wrap ? { key, wrap } : key);
  const area = (answers: Readonly<Record<string, unknown>>) => {
    const names = mainlandAreaNames({
      province_code: str(answers[`${prefix}province_code`]),
      city_code: str(answers[`${prefix}city_code`]),
      county_code: str(answers[`${prefix}county_code`]),
    });
    return names.length > 0 ? names.join(' ') : undefined;
  };
  const fields: Record<string, FieldSpec> = {
    [`${prefix}region`]: {
      label: label('address:field_region'),
      value: { kind: 'choice', values: ADDRESS_REGIONS, key: (v) => `address:region_${v.toLowerCase()}` },
      audience: EVERYONE,
    },
    // a mainland area is three codes read as one line of names (广东省 深圳市 南山区)
    [`${prefix}province_code`]: {
      label: label('review:field_area'),
      value: { kind: 'compound', join: area },
      audience: EVERYONE,
      covers: [`${prefix}city_code`, `${prefix}county_code`],
    },
    [`${prefix}city_code`]: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    [`${prefix}county_code`]: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    [`${prefix}district`]: {
      label: label('address:district_label'),
      value: { kind: 'named', values: HK_DISTRICT_CODES, name: hkDistrictName },
      audience: EVERYONE,
    },
    [`${prefix}country`]: {
      label: label('address:country_label'),
      value: { kind: 'named', name: countryName },
      audience: EVERYONE,
    },
    [`${prefix}detail`]: {
      label: label('address:detail_label'),
      value: { kind: 'text' },
      audience: EVERYONE,
    },
    [`${prefix}postal_code`]: {
      label: label('review:field_postal_code'),
      value: { kind: 'text' },
      audience: EVERYONE,
    },
  };
  return fields as Record<
    `${P}${'region' | 'province_code' | 'city_code' | 'county_code' | 'district' | 'country' | 'detail' | 'postal_code'}`,
    FieldSpec
  >;
}

/** The address step: the residential address, where letters go, the proof (the screen's order). */
export const addressCatalogue = defineCatalogue({
  namespace: 'address',
  fields: {
    ...addressFields(''),
    correspondence_same: {
      label: 'review:field_correspondence_same',
      value: { kind: 'boolean' },
      audience: EVERYONE,
    },
    ...addressFields('corr_', 'address:corr_field'),
    proof_type: {
      label: 'address:proof_type_label',
      value: { kind: 'choice', values: ADDRESS_PROOF_TYPES, key: (v) => `address:proof_type_${v}` },
      audience: EVERYONE,
    },
    proof_rental_months: {
      label: 'address:rental_months_label',
      value: { kind: 'count' },
      audience: EVERYONE,
    },
    proof_issued_on: { label: 'address:issued_on_label', value: { kind: 'date' }, audience: EVERYONE },
    proof_confirmed: { label: 'address:confirm_printed', value: { kind: 'boolean' }, audience: EVERYONE },
  },
});

/** Valid answers of the address step, which the catalogue test, the API helpers and the journeys walk. */
export const addressSample = {
  saved: [
    {
      answers: {
        region: 'HK',
        district: 'sha_tin',
        detail: 'Flat 3A, 12 Tai Po Road',
        correspondence_same: false,
        corr_region: 'OTHER',
        corr_country: 'GB',
        corr_detail: '10 Downing Street, London',
        corr_postal_code: 'SW1A 2AA',
        proof_type: 'rental_contract',
        proof_rental_months: 12,
        proof_issued_on: '2026-10-01',
        proof_confirmed: true,
      },
      sealed: {},
    },
    {
      answers: {
        region: 'CN',
        province_code: '440000',
        city_code: '440300',
        county_code: '440305',
        detail: '科技园南区 1 栋 101',
        postal_code: '518000',
        correspondence_same: false,
        corr_region: 'HK',
        corr_district: 'wan_chai',
        corr_detail: '灣仔道 1 號',
        proof_type: 'bank_record',
        proof_issued_on: '2026-10-15',
        proof_confirmed: true,
      },
      sealed: {},
    },
    {
      answers: {
        region: 'OTHER',
        country: 'GB',
        detail: '1 High Street\nOxford',
        postal_code: 'OX1 1AA',
        correspondence_same: true,
        proof_type: 'utility_bill',
        proof_issued_on: '2026-11-02',
        proof_confirmed: true,
      },
      sealed: {},
    },
  ],
  form: {
    region: 'HK',
    district: 'wan_chai',
    detail: 'Flat 12A, 88 Hennessy Road',
    correspondence_same: true,
    proof_type: 'utility_bill',
    proof_issued_on: '2026-01-01',
    proof_confirmed: true,
  },
} satisfies StepSample;

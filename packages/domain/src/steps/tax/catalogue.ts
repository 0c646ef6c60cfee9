import { countryName } from '../../countries';
import { defineCatalogue, EVERYONE, type FieldCatalogue, NOBODY } from '../field-catalogue';
import type { StepSample } from '../types';
import { NO_TIN_REASONS } from './crs';

/** One tax residency: where, its TIN's mask (noted when it is the ID number), or why there is none. */
const residency: FieldCatalogue = {
  country: { label: 'tax:country', value: { kind: 'named', name: countryName }, audience: EVERYONE },
  tin_masked: {
    label: 'tax:tin',
    value: { kind: 'text' },
    audience: EVERYONE,
    note: { field: 'tin_from_id', key: 'tax:tin_origin_id' },
  },
  // read as the note of the TIN's line
  tin_from_id: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
  tin_reason: {
    label: 'tax:reason_question',
    value: { kind: 'choice', values: NO_TIN_REASONS, key: (v) => `tax:reason_${v.toLowerCase()}` },
    audience: EVERYONE,
  },
  tin_reason_explanation: { label: 'tax:reason_b_explanation', value: { kind: 'text' }, audience: EVERYONE },
};

export const taxCatalogue = defineCatalogue({
  namespace: 'tax',
  fields: {
    tax_residencies: {
      label: 'review:field_tax_residencies',
      value: { kind: 'rows', itemLabel: 'tax:residency_n', fields: residency },
      audience: EVERYONE,
    },
    // every TIN sealed together: each residency's line shows its own mask
    tins: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    us_citizen: { label: 'tax:us_citizen', value: { kind: 'boolean' }, audience: EVERYONE },
    us_green_card: { label: 'tax:us_green_card', value: { kind: 'boolean' }, audience: EVERYONE },
    us_born: { label: 'tax:us_born', value: { kind: 'boolean' }, audience: EVERYONE },
    citizenship: {
      label: 'tax:citizenship',
      value: { kind: 'named', name: countryName },
      audience: EVERYONE,
    },
  },
});

/** Valid answers of the tax step, which the catalogue test, the API helpers and the journeys walk. */
export const taxSample = {
  saved: [
    {
      answers: {
        tax_residencies: [
          { country: 'HK', tin_masked: 'A12****(3)', tin_from_id: true },
          { country: 'GB', tin_masked: 'AB****56' },
          { country: 'SG', tin_reason: 'B', tin_reason_explanation: 'Not issued to residents' },
        ],
        us_citizen: false,
        us_green_card: false,
        us_born: false,
        citizenship: 'CN',
      },
      sealed: { tins: 'HK A12****(3), GB AB****56' },
    },
    {
      answers: {
        tax_residencies: [{ country: 'CN', tin_masked: '440305********1234', tin_from_id: true }],
        us_citizen: false,
        us_green_card: false,
        us_born: false,
      },
      sealed: { tins: 'CN 440305********1234' },
    },
    {
      answers: {
        tax_residencies: [{ country: 'GB', tin_reason: 'A' }],
        us_citizen: false,
        us_green_card: false,
        us_born: false,
        citizenship: 'GB',
      },
      sealed: {},
    },
  ],
  form: {
    tax_residencies: [{ country: 'HK', tin_from_id: true }],
    us_citizen: false,
    us_green_card: false,
    us_born: false,
  },
} satisfies StepSample;

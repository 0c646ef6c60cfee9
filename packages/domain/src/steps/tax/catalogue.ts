import { countryName } from '../../countries';
import { defineCatalogue, EVERYONE, type FieldCatalogue, NOBODY } from '../field-catalogue';
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

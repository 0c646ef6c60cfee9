import { always, type StepDefinition } from '../types';

/**
 * CRS self-certification (1–5 tax residencies with their TINs) and, with the US market, the
 * W-8BEN. TINs are sealed at rest. Form: ./form.ts. Confirmed against the markets (W-8BEN),
 * the nationality and kind of ID (US person, W-8BEN citizenship) and a TIN taken from the ID number.
 */
export const taxStep: StepDefinition = {
  id: 'tax',
  stage: 50,
  answers: null,
  sealedFields: ['tins'],
  documents: [],
  appliesTo: always,
  dependsOn: [
    { on: 'account_type', fields: ['markets'], reason: 'markets_changed' },
    // a new nationality or kind of ID may make a US person, or change the W-8BEN's citizenship
    { on: 'identity', fields: ['nationality', 'id_type'], reason: 'name_or_id_changed' },
    // a TIN taken from the ID number (`tin_from_id`) must follow it
    {
      on: 'identity',
      fields: ['id_number'],
      when: (_identity, own) =>
        Array.isArray(own.tax_residencies) &&
        own.tax_residencies.some(
          (r) => !!r && typeof r === 'object' && 'tin_from_id' in r && r.tin_from_id === true,
        ),
      reason: 'name_or_id_changed',
    },
  ],
};

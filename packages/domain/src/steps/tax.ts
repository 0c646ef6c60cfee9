import { always, type StepDefinition } from './types';

/**
 * CRS self-certification (1–5 tax residencies with their TINs) and, with the US market, the
 * W-8BEN. TINs are sealed at rest. Form: part 1 issue. Confirmed against the markets (W-8BEN).
 */
export const taxStep: StepDefinition = {
  id: 'tax',
  stage: 50,
  answers: null,
  sealedFields: ['tins'],
  documents: [],
  appliesTo: always,
  dependsOn: [{ on: 'account_type', fields: ['markets'], reason: 'markets_changed' }],
};

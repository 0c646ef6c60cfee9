import { always, type StepDefinition } from './types';

/**
 * Residential and correspondence address with its proof (spec §5: one of six kinds, within 3
 * months, 1–3 images). Its form and answers come with the opening-flow issue (part 1).
 */
export const addressStep: StepDefinition = {
  id: 'address',
  stage: 10,
  answers: null,
  sealedFields: [],
  documents: [{ kind: 'address_proof', min: 1, max: 3 }],
  appliesTo: always,
  dependsOn: [],
};

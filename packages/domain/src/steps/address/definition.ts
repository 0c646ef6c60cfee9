import { always, type StepDefinition } from '../types';

/**
 * Residential and correspondence address with its proof (spec §5: one of six kinds, within 3
 * months, 1–3 images or one PDF e-statement). Its form, and the shape of its saved answers, is
 * `addressForm` in steps/address/form.ts (saved through the generic step call, which parses drafts
 * with its `draft` schema): `answers` stays null here so the registry (in the login bundle) does not
 * carry the mainland area data. Nothing depends on the address yet.
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

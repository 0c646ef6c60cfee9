import { always, type StepDefinition } from '../types';

/** PEP, SFC-licensed employee, staff relation, beneficial owner, 35% rule, HKIDR and marketing consent. */
export const declarationsStep: StepDefinition = {
  id: 'declarations',
  stage: 50,
  answers: null,
  sealedFields: [],
  documents: [{ kind: 'employer_consent', min: 0, max: 1 }],
  appliesTo: always,
  dependsOn: [],
};

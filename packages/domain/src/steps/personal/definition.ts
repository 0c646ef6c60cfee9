import { always, type StepDefinition } from '../types';

/** Education, marital status, residential property, verified email (spec §3). Form: part 1 issue. */
export const personalStep: StepDefinition = {
  id: 'personal',
  stage: 50,
  answers: null,
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};

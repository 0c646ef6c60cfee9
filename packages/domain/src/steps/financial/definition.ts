import { always, type StepDefinition } from '../types';

/** Income and net asset bands, income sources, asset classes, source of funds. Form: part 1 issue. */
export const financialStep: StepDefinition = {
  id: 'financial',
  stage: 50,
  answers: null,
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};

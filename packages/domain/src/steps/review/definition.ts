import { always, type StepDefinition } from '../types';

/** Everything once more, then submit: a step without a stage of its own (the submission). */
export const reviewStep: StepDefinition = {
  id: 'review',
  stage: null,
  answers: null,
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};

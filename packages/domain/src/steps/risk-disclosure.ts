import { always, type StepDefinition } from './types';

/**
 * The risk-disclosure recording, listened to in full (spec §2 flow content). Its text covers
 * margin and futures when chosen, so a change of account type asks for listening again.
 */
export const riskDisclosureStep: StepDefinition = {
  id: 'risk_disclosure',
  stage: 60,
  answers: null,
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [
    { on: 'account_type', fields: ['securities', 'futures', 'markets'], reason: 'account_type_changed' },
  ],
};

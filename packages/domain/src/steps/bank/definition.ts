import { IDENTITY_NAME_AND_ID_FIELDS } from '../identity/definition';
import { always, type StepDefinition } from '../types';

/** The designated bank account (spec §3, §5). The card or account number and the bank-reserved phone are sealed at rest. Form: part 2 issue. */
export const bankStep: StepDefinition = {
  id: 'bank',
  stage: 90,
  answers: null,
  sealedFields: ['card_number', 'reserved_phone'],
  documents: [],
  appliesTo: always,
  // the account holder's name must be the person's: a new name or ID means checking it again
  dependsOn: [{ on: 'identity', fields: IDENTITY_NAME_AND_ID_FIELDS, reason: 'name_or_id_changed' }],
};

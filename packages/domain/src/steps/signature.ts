import { IDENTITY_NAME_AND_ID_FIELDS } from './identity';
import { always, type StepDefinition } from './types';

/**
 * The agreements and the handwritten signature. A signature covers everything above it: any change
 * after signing asks for signing again, with the most telling reason first.
 */
export const signatureStep: StepDefinition = {
  id: 'signature',
  stage: 100,
  answers: null,
  sealedFields: [],
  documents: [{ kind: 'signature', min: 0, max: 1 }],
  appliesTo: always,
  dependsOn: [
    { on: 'identity', fields: IDENTITY_NAME_AND_ID_FIELDS, reason: 'name_or_id_changed' },
    { on: 'account_type', fields: ['markets'], reason: 'markets_changed' },
    { on: '*', fields: '*', reason: 'changed_after_signing' },
  ],
};

import { always, type StepDefinition } from './types';

/**
 * Identity photos (a selfie and one holding the ID) or a ~5 s face video, within 5 minutes after
 * the recording ends (spec §2, §9): listening again means taking them again.
 */
export const identityMediaStep: StepDefinition = {
  id: 'identity_media',
  stage: 60,
  answers: null,
  sealedFields: [],
  documents: [
    { kind: 'selfie', min: 0, max: 1 },
    { kind: 'selfie_with_id', min: 0, max: 1 },
    { kind: 'face_video', min: 0, max: 1 },
  ],
  appliesTo: always,
  dependsOn: [{ on: 'risk_disclosure', fields: '*', reason: 'risk_disclosure_changed' }],
};

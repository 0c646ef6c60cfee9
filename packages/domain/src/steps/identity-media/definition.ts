import * as z from 'zod/mini';
import { always, type StepDefinition } from '../types';

/** How the person proves they are the ID's holder (steps/identity-media/form.ts has the rules). */
export const IDENTITY_MEDIA_METHOD_VALUES = ['photos', 'video'] as const;

/** The saved answers (drafts too): the method chosen. */
export const IDENTITY_MEDIA_ANSWERS = z.partial(z.object({ method: z.enum(IDENTITY_MEDIA_METHOD_VALUES) }));

/**
 * Identity photos (a selfie and one holding the ID) or a ~5 s face video, within 5 minutes after
 * the recording ends (spec §2, §9): listening again means taking them again. The documents a
 * confirmation needs depend on `method` (photos: selfie + selfie_with_id; video: face_video), so
 * each is declared with min 0 and the step's form rule (steps/identity-media/form.ts) requires them.
 */
export const identityMediaStep: StepDefinition = {
  id: 'identity_media',
  stage: 60,
  answers: IDENTITY_MEDIA_ANSWERS,
  sealedFields: [],
  documents: [
    { kind: 'selfie', min: 0, max: 1 },
    { kind: 'selfie_with_id', min: 0, max: 1 },
    { kind: 'face_video', min: 0, max: 1 },
  ],
  appliesTo: always,
  dependsOn: [{ on: 'risk_disclosure', fields: '*', reason: 'risk_disclosure_changed' }],
};

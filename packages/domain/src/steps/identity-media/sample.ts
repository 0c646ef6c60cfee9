import type { StepSample } from '../types';

/** Valid answers of the identity media step, which the catalogue test, the API helpers and the journeys walk. */
export const identityMediaSample = {
  saved: [
    { answers: { method: 'video' }, sealed: {} },
    { answers: { method: 'photos' }, sealed: {} },
  ],
  form: { method: 'photos' },
} satisfies StepSample;

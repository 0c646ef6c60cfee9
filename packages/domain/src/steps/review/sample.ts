import type { StepSample } from '../types';

/** Valid answers of the review step, which the catalogue test, the API helpers and the journeys walk. */
export const reviewSample = {
  saved: [{ answers: {}, sealed: {} }],
  // nothing to fill in
  form: null,
} satisfies StepSample;

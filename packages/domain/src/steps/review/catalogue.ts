import { defineCatalogue } from '../field-catalogue';
import type { StepSample } from '../types';

/** The review keeps no answers of its own. */
export const reviewCatalogue = defineCatalogue({ namespace: 'review', fields: {} });

/** Valid answers of the review step, which the catalogue test, the API helpers and the journeys walk. */
export const reviewSample = {
  saved: [{ answers: {}, sealed: {} }],
  // nothing to fill in
  form: null,
} satisfies StepSample;

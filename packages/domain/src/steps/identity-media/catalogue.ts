import { defineCatalogue } from '../field-catalogue';
import type { StepSample } from '../types';
import { IDENTITY_MEDIA_METHOD_VALUES } from './definition';

/** Photos or a video: the review says they are taken; the PDF and the back office read which. */
export const identityMediaCatalogue = defineCatalogue({
  namespace: 'identity_media',
  doneKey: 'review:done_identity_media',
  fields: {
    method: {
      label: 'identity_media:method_label',
      value: {
        kind: 'choice',
        values: IDENTITY_MEDIA_METHOD_VALUES,
        key: (v) => `identity_media:method_${v}`,
      },
      audience: ['pdf', 'staff'],
    },
  },
});

/** Valid answers of the identity media step, which the catalogue test, the API helpers and the journeys walk. */
export const identityMediaSample = {
  saved: [
    { answers: { method: 'video' }, sealed: {} },
    { answers: { method: 'photos' }, sealed: {} },
  ],
  form: { method: 'photos' },
} satisfies StepSample;

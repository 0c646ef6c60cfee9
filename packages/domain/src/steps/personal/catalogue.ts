import { defineCatalogue, EVERYONE } from '../field-catalogue';
import type { StepSample } from '../types';
import { EDUCATION_LEVELS, MARITAL_STATUSES, RESIDENTIAL_PROPERTY_TYPES } from './form';

export const personalCatalogue = defineCatalogue({
  namespace: 'personal',
  fields: {
    education: {
      label: 'personal:education',
      value: { kind: 'choice', values: EDUCATION_LEVELS, key: (v) => `personal:education_${v}` },
      audience: EVERYONE,
    },
    marital_status: {
      label: 'personal:marital_status',
      value: { kind: 'choice', values: MARITAL_STATUSES, key: (v) => `personal:marital_${v}` },
      audience: EVERYONE,
    },
    residential_property: {
      label: 'personal:residential_property',
      value: { kind: 'choice', values: RESIDENTIAL_PROPERTY_TYPES, key: (v) => `personal:property_${v}` },
      audience: EVERYONE,
    },
    email: { label: 'personal:email', value: { kind: 'text' }, audience: EVERYONE },
  },
});

/** Valid answers of the personal step, which the catalogue test, the API helpers and the journeys walk. */
export const personalSample = {
  saved: [
    {
      answers: {
        education: 'undergraduate',
        marital_status: 'married',
        residential_property: 'owned_mortgaged',
        email: 'meiling@example.com',
      },
      sealed: {},
    },
  ],
  form: {
    education: 'undergraduate',
    marital_status: 'single',
    residential_property: 'rented',
    email: 'chan.taiman@example.com',
  },
} satisfies StepSample;

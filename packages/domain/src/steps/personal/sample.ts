import type { StepSample } from '../types';

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

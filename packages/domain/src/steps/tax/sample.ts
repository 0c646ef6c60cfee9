import type { StepSample } from '../types';

/** Valid answers of the tax step, which the catalogue test, the API helpers and the journeys walk. */
export const taxSample = {
  saved: [
    {
      answers: {
        tax_residencies: [
          { country: 'HK', tin_masked: 'A12****(3)', tin_from_id: true },
          { country: 'GB', tin_masked: 'AB****56' },
          { country: 'SG', tin_reason: 'B', tin_reason_explanation: 'Not issued to residents' },
        ],
        us_citizen: false,
        us_green_card: false,
        us_born: false,
        citizenship: 'CN',
      },
      sealed: { tins: 'HK A12****(3), GB AB****56' },
    },
    {
      answers: {
        tax_residencies: [{ country: 'CN', tin_masked: '440305********1234', tin_from_id: true }],
        us_citizen: false,
        us_green_card: false,
        us_born: false,
      },
      sealed: { tins: 'CN 440305********1234' },
    },
    {
      answers: {
        tax_residencies: [{ country: 'GB', tin_reason: 'A' }],
        us_citizen: false,
        us_green_card: false,
        us_born: false,
        citizenship: 'GB',
      },
      sealed: {},
    },
  ],
  form: {
    tax_residencies: [{ country: 'HK', tin_from_id: true }],
    us_citizen: false,
    us_green_card: false,
    us_born: false,
  },
} satisfies StepSample;

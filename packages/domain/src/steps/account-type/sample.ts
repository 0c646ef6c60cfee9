import type { StepSample } from '../types';

/** Valid answers of the account type step, which the catalogue test, the API helpers and the journeys walk. */
export const accountTypeSample = {
  saved: [
    {
      answers: {
        securities: 'margin',
        markets: ['US', 'HK'],
        futures: true,
        asset_proof_type: 'bank_statement',
        asset_proof_amount_cents: 125_000_000,
        asset_proof_issued_on: '2026-11-01',
      },
      sealed: {},
    },
    { answers: { securities: 'cash', markets: ['HK'], futures: false }, sealed: {} },
    { answers: { securities: 'cash', markets: ['US'], futures: false }, sealed: {} },
  ],
  form: { securities: 'cash', markets: ['HK'], futures: false },
} satisfies StepSample;

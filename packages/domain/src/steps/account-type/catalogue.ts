import { defineCatalogue, EVERYONE } from '../field-catalogue';
import type { StepSample } from '../types';
import { ASSET_PROOF_TYPES } from './account-rules';
import { SECURITIES_ACCOUNT_TYPES, TRADING_MARKETS } from './definition';

/** The account type: the account, the markets, futures, then a 65+ margin applicant's asset proof. */
export const accountTypeCatalogue = defineCatalogue({
  namespace: 'account_type',
  fields: {
    securities: {
      label: 'account_type:securities',
      value: { kind: 'choice', values: SECURITIES_ACCOUNT_TYPES, key: (v) => `account_type:securities_${v}` },
      audience: EVERYONE,
    },
    markets: {
      label: 'account_type:markets',
      value: {
        kind: 'choices',
        values: TRADING_MARKETS,
        key: (v) => `account_type:market_${v.toLowerCase()}`,
      },
      audience: EVERYONE,
    },
    futures: { label: 'account_type:futures', value: { kind: 'boolean' }, audience: EVERYONE },
    asset_proof_type: {
      label: 'account_type:asset_proof_type',
      value: { kind: 'choice', values: ASSET_PROOF_TYPES, key: (v) => `account_type:asset_proof_type_${v}` },
      audience: EVERYONE,
    },
    asset_proof_amount_cents: {
      label: 'account_type:asset_proof_amount',
      value: { kind: 'money', currency: 'HKD' },
      audience: EVERYONE,
    },
    asset_proof_issued_on: {
      label: 'account_type:asset_proof_issued_on',
      value: { kind: 'date' },
      audience: EVERYONE,
    },
  },
});

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

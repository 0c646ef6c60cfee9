import type { StepSample } from '../types';

/** Valid answers of the financial step, which the catalogue test, the API helpers and the journeys walk. */
export const financialSample = {
  saved: [
    {
      answers: {
        annual_income: 'income_600k_to_1m',
        net_assets: 'net_assets_1m_to_3m',
        income_sources: ['pension', 'salary'],
        asset_classes: ['stock', 'cash', 'property'],
        funds_source: 'other',
        funds_source_other: 'Sale of a car',
      },
      sealed: {},
    },
    {
      answers: {
        annual_income: 'income_under_100k',
        net_assets: 'net_assets_over_10m',
        income_sources: ['savings'],
        asset_classes: ['fund'],
        funds_source: 'inheritance_or_gift',
      },
      sealed: {},
    },
  ],
  form: {
    annual_income: 'income_under_100k',
    net_assets: 'net_assets_under_500k',
    income_sources: ['pension'],
    asset_classes: ['cash'],
    funds_source: 'pension',
  },
} satisfies StepSample;

import { defineCatalogue, EVERYONE } from '../field-catalogue';
import type { StepSample } from '../types';
import { ANNUAL_INCOME_BANDS, ASSET_CLASSES, INCOME_SOURCES, NET_ASSET_BANDS } from './financial-bands';
import { FUNDS_SOURCES } from './form';

/** Bands read as the financial screen writes them (whole Hong Kong dollars), on the screen and in the PDF alike. */
export const financialCatalogue = defineCatalogue({
  namespace: 'financial',
  fields: {
    annual_income: {
      label: 'financial:annual_income',
      value: { kind: 'band', bands: ANNUAL_INCOME_BANDS },
      audience: EVERYONE,
    },
    net_assets: {
      label: 'financial:net_assets',
      value: { kind: 'band', bands: NET_ASSET_BANDS },
      audience: EVERYONE,
    },
    income_sources: {
      label: 'financial:income_sources',
      value: { kind: 'choices', values: INCOME_SOURCES, key: (v) => `financial:income_source_${v}` },
      audience: EVERYONE,
    },
    asset_classes: {
      label: 'financial:asset_classes',
      value: { kind: 'choices', values: ASSET_CLASSES, key: (v) => `financial:asset_class_${v}` },
      audience: EVERYONE,
    },
    funds_source: {
      label: 'financial:funds_source',
      value: { kind: 'choice', values: FUNDS_SOURCES, key: (v) => `financial:funds_source_${v}` },
      audience: EVERYONE,
    },
    funds_source_other: {
      label: 'financial:funds_source_other_details',
      value: { kind: 'text' },
      audience: EVERYONE,
    },
  },
});

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

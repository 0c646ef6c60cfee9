import { defineCatalogue, EVERYONE } from '../field-catalogue';
import type { StepSample } from '../types';
import {
  DERIVATIVES_KNOWLEDGE_WAYS,
  EXPERIENCE_YEARS,
  INVESTMENT_PRODUCTS,
  INVESTMENT_PURPOSES,
} from './form';

export const investmentCatalogue = defineCatalogue({
  namespace: 'investment',
  fields: {
    purposes: {
      label: 'investment:purposes',
      value: { kind: 'choices', values: INVESTMENT_PURPOSES, key: (v) => `investment:purpose_${v}` },
      audience: EVERYONE,
    },
    experience: {
      label: 'review:field_experience',
      value: {
        kind: 'per-item',
        items: INVESTMENT_PRODUCTS,
        itemKey: (p) => `investment:product_${p}`,
        values: EXPERIENCE_YEARS,
        valueKey: (y) => `investment:years_${y}`,
      },
      audience: EVERYONE,
    },
    // "None of these" is stored as an empty list: it reads as the box the person ticked
    derivatives_knowledge: {
      label: 'investment:derivatives_question',
      value: {
        kind: 'choices',
        values: DERIVATIVES_KNOWLEDGE_WAYS,
        key: (v) => `investment:way_${v}`,
        none: 'investment:way_none',
      },
      audience: EVERYONE,
    },
    derivatives_training: {
      label: 'investment:detail_training',
      value: { kind: 'text' },
      audience: EVERYONE,
    },
    derivatives_work: {
      label: 'investment:detail_work_experience',
      value: { kind: 'text' },
      audience: EVERYONE,
    },
    derivatives_transactions: {
      label: 'investment:detail_transactions',
      value: { kind: 'count' },
      audience: EVERYONE,
    },
  },
});

/** Valid answers of the investment step, which the catalogue test, the API helpers and the journeys walk. */
export const investmentSample = {
  saved: [
    {
      answers: {
        purposes: ['dividend_yield', 'capital_appreciation'],
        experience: {
          futures_options: 'none',
          securities: 'gt5',
          etf: '3to5',
          bond: '1to3',
          warrant: 'lt1',
          cbbc: 'none',
        },
        derivatives_knowledge: [],
      },
      sealed: {},
    },
    {
      answers: {
        purposes: ['hedging'],
        experience: {
          securities: 'lt1',
          bond: 'none',
          etf: 'none',
          warrant: 'none',
          cbbc: 'none',
          futures_options: 'none',
        },
        derivatives_knowledge: ['transactions', 'training', 'work_experience'],
        derivatives_training: '期权基础课程，香港交易所',
        derivatives_work: '银行衍生品交易员',
        derivatives_transactions: 12,
      },
      sealed: {},
    },
  ],
  form: {
    purposes: ['capital_appreciation'],
    experience: {
      securities: '3to5',
      bond: 'none',
      etf: 'none',
      warrant: 'none',
      cbbc: 'none',
      futures_options: 'none',
    },
    derivatives_knowledge: [],
  },
} satisfies StepSample;

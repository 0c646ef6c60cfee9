import { defineCatalogue, EVERYONE } from '../field-catalogue';
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

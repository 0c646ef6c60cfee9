import { defineCatalogue, EVERYONE } from '../field-catalogue';
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

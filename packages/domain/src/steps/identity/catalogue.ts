import { countryName } from '../../countries';
import { ID_LOCATIONS, ID_TYPES } from '../../id-documents';
import { defineCatalogue, EVERYONE } from '../field-catalogue';
import type { StepSample } from '../types';

/** The identity step's answers, in the order its screens ask them. */
export const identityCatalogue = defineCatalogue({
  namespace: 'id',
  fields: {
    id_location: {
      label: 'review:field_id_location',
      value: { kind: 'choice', values: ID_LOCATIONS, key: (v) => `id:location_${v.toLowerCase()}` },
      audience: EVERYONE,
    },
    nationality: {
      label: 'id:nationality_label',
      value: { kind: 'named', name: countryName },
      audience: EVERYONE,
    },
    id_type: {
      label: 'id:id_type',
      value: { kind: 'choice', values: ID_TYPES, key: (v) => `id:id_type_${v}` },
      audience: EVERYONE,
    },
    id_number: { label: 'id:id_number', value: { kind: 'sealed' }, audience: EVERYONE },
    chinese_name: { label: 'id:chinese_name', value: { kind: 'text' }, audience: EVERYONE },
    english_surname: { label: 'id:english_surname', value: { kind: 'text' }, audience: EVERYONE },
    english_given_name: { label: 'id:english_given_name', value: { kind: 'text' }, audience: EVERYONE },
    name_matches_bank: { label: 'id:name_matches_bank', value: { kind: 'boolean' }, audience: EVERYONE },
    gender: {
      label: 'id:gender',
      value: { kind: 'choice', values: ['M', 'F'], key: (v) => `id:gender_${v.toLowerCase()}` },
      audience: EVERYONE,
    },
    birth_date: { label: 'id:birth_date', value: { kind: 'date' }, audience: EVERYONE },
  },
});

/** Valid answers of the identity step, which the catalogue test, the API helpers and the journeys walk. */
export const identitySample = {
  saved: [
    {
      answers: {
        id_location: 'HK',
        nationality: 'CN',
        id_type: 'hk_id',
        chinese_name: '陳美玲',
        english_surname: 'CHAN',
        english_given_name: 'MEI LING',
        name_matches_bank: true,
        gender: 'F',
        birth_date: '1959-03-02',
      },
      sealed: { id_number: 'A12****(3)' },
    },
    {
      answers: {
        id_location: 'CN',
        nationality: 'CN',
        id_type: 'cn_id',
        chinese_name: '陈大文',
        english_surname: 'CHEN',
        english_given_name: 'DAWEN',
        name_matches_bank: false,
        gender: 'M',
        birth_date: '2004-07-01',
      },
      sealed: { id_number: '440305********1234' },
    },
    {
      answers: {
        id_location: 'OTHER',
        nationality: 'GB',
        id_type: 'passport',
        english_surname: 'SMITH',
        english_given_name: 'JANE',
        name_matches_bank: true,
        gender: 'F',
        birth_date: '1980-01-31',
      },
      sealed: { id_number: '12****789' },
    },
  ],
  // confirmed through its own calls (the ID photos, id_info)
  form: null,
} satisfies StepSample;

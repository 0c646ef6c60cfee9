import type { StepSample } from '../types';

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

import type { StepSample } from '../types';

/** Valid answers of the bank step, which the catalogue test, the API helpers and the journeys walk. */
export const bankSample = {
  saved: [
    {
      answers: {
        bank_type: 2,
        bank_code: '004',
        number_masked: '**** **** 9012',
        holder_name: 'CHAN MEI LING',
      },
      sealed: { card_number: '**** **** 9012' },
    },
    {
      answers: {
        bank_type: 1,
        bank_code: 'ICBC',
        number_masked: '6222 **** **** 1234',
        reserved_phone_masked: '138****5678',
        province_code: '440000',
        city_code: '440300',
      },
      sealed: { card_number: '6222 **** **** 1234', reserved_phone: '138****5678' },
    },
  ],
  form: { bank_code: '004', account_number: '123456789001', holder_name: 'CHAN TAI MAN' },
} satisfies StepSample;

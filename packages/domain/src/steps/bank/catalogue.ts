import { mainlandAreaNames } from '../../flow/mainland-areas';
import { defineCatalogue, EVERYONE, NOBODY } from '../field-catalogue';
import type { StepSample } from '../types';
import { bankNameIn, hongKongBankOf, mainlandBankOf } from './bank-data';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * The designated account. The card or account number and the reserved phone are shown once each,
 * by their masks (the sealed value's, else the copy kept in the answers).
 */
export const bankCatalogue = defineCatalogue({
  namespace: 'bank',
  fields: {
    bank_type: {
      label: 'bank:field_bank_type',
      value: { kind: 'choice', values: [1, 2], key: (v) => `bank:bank_type_${v}` },
      audience: EVERYONE,
    },
    // a Hong Kong bank with its 3-digit code, as the bank screen lists it
    bank_code: {
      label: 'bank:bank_name',
      value: {
        kind: 'named',
        name: (code, lang) => {
          const hk = hongKongBankOf(code);
          if (hk) return `${code} ${bankNameIn(hk, lang)}`;
          const cn = mainlandBankOf(code);
          return cn && bankNameIn(cn, lang);
        },
      },
      audience: EVERYONE,
    },
    // a Hong Kong account's number is sealed under card_number too: its label is the account's
    card_number: {
      label: { key: 'bank:card_number', when: { field: 'bank_type', equals: 2, key: 'bank:account_number' } },
      value: { kind: 'sealed', maskField: 'number_masked' },
      audience: EVERYONE,
    },
    number_masked: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    holder_name: { label: 'bank:holder_name', value: { kind: 'text' }, audience: EVERYONE },
    reserved_phone: {
      label: 'bank:reserved_phone',
      value: { kind: 'sealed', maskField: 'reserved_phone_masked' },
      audience: EVERYONE,
    },
    reserved_phone_masked: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    province_code: {
      label: 'bank:location',
      value: {
        kind: 'compound',
        join: (answers) => {
          const names = mainlandAreaNames({
            province_code: str(answers.province_code),
            city_code: str(answers.city_code),
          });
          return names.length > 0 ? names.join(' ') : undefined;
        },
      },
      audience: EVERYONE,
      covers: ['city_code'],
    },
    city_code: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
  },
});

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

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrorsOf } from '../../field-errors';
import { FLOW_ERROR_MESSAGES } from '../../flow/messages';
import type { StepFormContext } from '../../flow/step-forms';
import { addErrorMessages } from '../../i18n';
import { cardNumber } from './bank-test-cards';
import { BANK_TYPES, bankForm, bankTypeFor, checkBankLocation, checkHolderNameMatches } from './form';

addErrorMessages(FLOW_ERROR_MESSAGES);

const ctx = (identity: Record<string, unknown>): StepFormContext => ({
  today: '2026-06-01',
  facts: { markets: [], answers: { identity } },
  documentCounts: {},
});
const cn = ctx({ id_location: 'CN', english_surname: 'WANG', english_given_name: 'FANG' });
const hk = ctx({ id_location: 'HK', english_surname: 'CHAN', english_given_name: 'TAI MAN' });
const other = ctx({ id_location: 'OTHER', english_surname: 'Smith', english_given_name: 'John Paul' });

const ICBC_CARD = cardNumber('622202', 19);
const CN_CARD = {
  card_number: ICBC_CARD,
  bank_code: 'ICBC',
  reserved_phone: '138 1234 5678',
  province_code: '440000',
  city_code: '440300',
};
const HK_ACCOUNT = { bank_code: '004', account_number: '123-456789-001', holder_name: 'CHAN TAI MAN' };

/** The field errors a confirmation gets: the schema's first, then the rules'. */
function errorsOf(answers: Record<string, unknown>, c: StepFormContext): Record<string, string> {
  const parsed = z.safeParse(bankForm.schema(c), answers);
  if (!parsed.success) return fieldErrorsOf(parsed.error.issues);
  return bankForm.check!(parsed.data, c);
}

describe('bankTypeFor: the ID location decides the account', () => {
  it('a mainland ID gives a mainland card (1), HK and other IDs an HK account (2)', () => {
    expect(bankTypeFor('CN')).toBe(BANK_TYPES.mainland_card);
    expect(bankTypeFor('HK')).toBe(BANK_TYPES.hong_kong_account);
    expect(bankTypeFor('OTHER')).toBe(BANK_TYPES.hong_kong_account);
    expect(BANK_TYPES).toEqual({ mainland_card: 1, hong_kong_account: 2 });
  });
});

describe('bankForm, a mainland debit card', () => {
  it('keeps digits only, the type, and passes the rules', () => {
    const data = z.parse(bankForm.schema(cn), {
      ...CN_CARD,
      card_number: ICBC_CARD.replace(/(.{4})/g, '$1 '),
    });
    expect(data).toEqual({ ...CN_CARD, bank_type: 1, reserved_phone: '13812345678' });
    expect(bankForm.check!(data, cn)).toEqual({});
  });
  it.each([
    [{ card_number: undefined }, 'card_number', 'bank_card_number_required'],
    [{ card_number: '   ' }, 'card_number', 'bank_card_number_required'],
    [{ card_number: '622202123456789' }, 'card_number', 'bank_card_number_invalid'],
    [{ card_number: `${ICBC_CARD}0` }, 'card_number', 'bank_card_number_invalid'],
    [{ card_number: '6222A21234567890' }, 'card_number', 'bank_card_number_invalid'],
    [
      { card_number: `${ICBC_CARD.slice(0, -1)}${(Number(ICBC_CARD.at(-1)) + 1) % 10}` },
      'card_number',
      'bank_card_number_checksum',
    ],
    [{ bank_code: undefined }, 'bank_code', 'bank_code_required'],
    [{ bank_code: '004' }, 'bank_code', 'bank_code_required'],
    [{ bank_code: 'CCB' }, 'bank_code', 'bank_card_bank_mismatch'],
    [{ reserved_phone: '' }, 'reserved_phone', 'bank_phone_required'],
    [{ reserved_phone: '91234567' }, 'reserved_phone', 'bank_phone_invalid'],
    [{ reserved_phone: '2381234567' }, 'reserved_phone', 'bank_phone_invalid'],
    [{ reserved_phone: '1381234567x' }, 'reserved_phone', 'bank_phone_invalid'],
    [{ province_code: undefined }, 'province_code', 'bank_location_required'],
    [{ city_code: '' }, 'province_code', 'bank_location_required'],
    [{ province_code: '440000', city_code: '110100' }, 'province_code', 'bank_location_invalid'],
    [{ province_code: '810000', city_code: '810100' }, 'province_code', 'bank_location_invalid'],
    [{ province_code: '44', city_code: '440300' }, 'province_code', 'bank_location_invalid'],
  ])('%j → %s: %s', (change, field, key) => {
    expect(errorsOf({ ...CN_CARD, ...change }, cn)[field]).toBe(key);
  });
  it('a card whose BIN is not in the table is taken with the bank the person chose', () => {
    expect(errorsOf({ ...CN_CARD, card_number: cardNumber('628888', 16), bank_code: 'HXB' }, cn)).toEqual({});
  });
  it('a mainland applicant cannot give a Hong Kong account instead', () => {
    expect(errorsOf(HK_ACCOUNT, cn)).toMatchObject({ card_number: 'bank_card_number_required' });
  });
});

describe('bankForm, a Hong Kong bank account', () => {
  it('keeps digits only, the type, and passes the rules (HK and other IDs)', () => {
    const data = z.parse(bankForm.schema(hk), HK_ACCOUNT);
    expect(data).toEqual({ ...HK_ACCOUNT, account_number: '123456789001', bank_type: 2 });
    expect(bankForm.check!(data, hk)).toEqual({});
    expect(errorsOf({ ...HK_ACCOUNT, holder_name: 'john paul smith' }, other)).toEqual({});
  });
  it.each([
    [{ bank_code: undefined }, 'bank_code', 'bank_code_required'],
    [{ bank_code: '999' }, 'bank_code', 'bank_code_required'],
    [{ bank_code: 'ICBC' }, 'bank_code', 'bank_code_required'],
    [{ account_number: '' }, 'account_number', 'bank_account_number_required'],
    [{ account_number: '12345678A' }, 'account_number', 'bank_account_number_invalid'],
    // HSBC: 10 to 12 digits with the branch code
    [{ account_number: '123456789' }, 'account_number', 'bank_account_number_invalid'],
    [{ account_number: '1234567890123' }, 'account_number', 'bank_account_number_invalid'],
    // ICBC (Asia): 12 digits
    [{ bank_code: '072', account_number: '12345678901' }, 'account_number', 'bank_account_number_invalid'],
    [{ holder_name: '' }, 'holder_name', 'bank_holder_name_required'],
    [{ holder_name: 'CHAN SIU MING' }, 'holder_name', 'bank_holder_name_mismatch'],
    [{ holder_name: 'CHAN' }, 'holder_name', 'bank_holder_name_mismatch'],
    [{ holder_name: '陳大文' }, 'holder_name', 'bank_holder_name_mismatch'],
  ])('%j → %s: %s', (change, field, key) => {
    expect(errorsOf({ ...HK_ACCOUNT, ...change }, hk)[field]).toBe(key);
  });
  it('every bank accepts the digits of its own range and refuses one more', () => {
    for (const code of ['003', '012', '015', '020', '250', '387']) {
      const ok = errorsOf({ ...HK_ACCOUNT, bank_code: code, account_number: '1'.repeat(12) }, hk);
      expect(ok, code).toEqual({});
      expect(
        errorsOf({ ...HK_ACCOUNT, bank_code: code, account_number: '1'.repeat(13) }, hk).account_number,
      ).toBe('bank_account_number_invalid');
    }
  });
});

describe('checkHolderNameMatches', () => {
  it.each([
    ['CHAN TAI MAN', true],
    ['Chan Tai Man', true],
    ['  CHAN,  TAI-MAN ', true],
    ['TAI MAN CHAN', true],
    ['CHAN TAIMAN', false],
    ['CHAN TAI MAN JR', false],
    ['', false],
  ])('%j → %s', (holder, expected) => {
    expect(checkHolderNameMatches(holder as string, 'Chan', 'Tai Man')).toBe(expected);
  });
  it('nothing matches an ID without an English surname', () => {
    expect(checkHolderNameMatches('TAI MAN', '', 'TAI MAN')).toBe(false);
  });
});

describe('checkBankLocation', () => {
  it('a city under its province passes', () => {
    expect(checkBankLocation('110000', '110100')).toBeNull();
    expect(checkBankLocation('440000', '440300')).toBeNull();
  });
  it('refuses what is missing, unknown, or not under its province', () => {
    expect(checkBankLocation(undefined, '440300')).toBe('bank_location_required');
    expect(checkBankLocation('440000', '440399')).toBe('bank_location_invalid');
    expect(checkBankLocation('440000', '450100')).toBe('bank_location_invalid');
  });
});

describe('bankForm.seal: the number and the reserved phone sealed, the answers keep their masks', () => {
  it('seals the card number and the reserved phone and keeps their masked forms', () => {
    const data = z.parse(bankForm.schema(cn), CN_CARD);
    const { answers, sealed } = bankForm.seal!(data);
    expect(answers).not.toHaveProperty('card_number');
    expect(answers).not.toHaveProperty('reserved_phone');
    expect(answers.number_masked).toBe(`6222 **** **** ***${ICBC_CARD.slice(-4, -3)} ${ICBC_CARD.slice(-3)}`);
    expect(answers.reserved_phone_masked).toBe('138****5678');
    expect(sealed).toEqual({
      card_number: { plain: ICBC_CARD, masked: answers.number_masked },
      reserved_phone: { plain: '13812345678', masked: '138****5678' },
    });
    expect(JSON.stringify(answers)).not.toContain(ICBC_CARD.slice(4, 15));
    expect(JSON.stringify(answers)).not.toContain('1234');
  });
  it('a draft seals a phone once it is 6 digits or more; fewer keeps nothing of it', () => {
    expect(bankForm.seal!({ reserved_phone: '139 1234 5678' })).toEqual({
      answers: { reserved_phone_masked: '139****5678' },
      sealed: { reserved_phone: { plain: '13912345678', masked: '139****5678' } },
    });
    expect(bankForm.seal!({ bank_code: 'ICBC', reserved_phone: '139' })).toEqual({
      answers: { bank_code: 'ICBC' },
      sealed: {},
    });
  });
  it('a confirmation that leaves the phone empty and sends its mask back keeps the sealed phone', () => {
    const own = { card_number: ICBC_CARD, reserved_phone: '13812345678' };
    const { card_number: _, reserved_phone: __, ...rest } = CN_CARD;
    const masks = bankForm.seal!(z.parse(bankForm.schema(cn), CN_CARD)).answers;
    const back = {
      ...rest,
      card_number: '',
      reserved_phone: '',
      number_masked: masks.number_masked,
      reserved_phone_masked: masks.reserved_phone_masked,
    };
    const expanded = bankForm.expandSealed!(back, { own });
    expect(expanded.card_number).toBe(ICBC_CARD);
    expect(expanded.reserved_phone).toBe('13812345678');
    expect(z.safeParse(bankForm.schema(cn), expanded).success).toBe(true);
    // another mask, or no phone of this person's, keeps nothing
    expect(
      bankForm.expandSealed!({ ...back, reserved_phone_masked: '139****5678' }, { own }).reserved_phone,
    ).toBe('');
    expect(bankForm.expandSealed!(back, { own: {} }).reserved_phone).toBe('');
    // a phone typed again wins over the kept one
    expect(bankForm.expandSealed!({ ...back, reserved_phone: '13900000000' }, { own }).reserved_phone).toBe(
      '13900000000',
    );
  });
  it('seals the Hong Kong account number under the same sealed field', () => {
    const { answers, sealed } = bankForm.seal!(z.parse(bankForm.schema(hk), HK_ACCOUNT));
    expect(answers).not.toHaveProperty('account_number');
    expect(answers.number_masked).toBe('**** **** 9001');
    expect(sealed.card_number?.plain).toBe('123456789001');
    // no reserved phone with an HK account: one sealed by an earlier mainland draft is dropped
    expect(sealed.reserved_phone).toBeNull();
  });
  it('a draft without a plausible number seals nothing and keeps nothing of it', () => {
    expect(bankForm.seal!({ bank_code: 'ICBC', card_number: '12' })).toEqual({
      answers: { bank_code: 'ICBC' },
      sealed: {},
    });
    expect(bankForm.seal!({ bank_code: 'ICBC' })).toEqual({ answers: { bank_code: 'ICBC' }, sealed: {} });
  });
  it('a confirmation that sends back the mask keeps the sealed number; another mask does not', () => {
    const own = { card_number: ICBC_CARD };
    const { card_number: _, ...rest } = CN_CARD;
    const withMask = { ...rest, number_masked: bankForm.seal!(CN_CARD).answers.number_masked };
    expect(bankForm.expandSealed!(withMask, { own }).card_number).toBe(ICBC_CARD);
    expect(
      bankForm.expandSealed!({ ...withMask, number_masked: '6222 **** 0000' }, { own }),
    ).not.toHaveProperty('card_number');
    expect(bankForm.expandSealed!(withMask, { own: {} })).not.toHaveProperty('card_number');
    const hkOwn = { card_number: '123456789001' };
    expect(
      bankForm.expandSealed!(
        { bank_code: '004', holder_name: 'CHAN TAI MAN', number_masked: '**** **** 9001' },
        { own: hkOwn },
      ).account_number,
    ).toBe('123456789001');
  });
  it('the draft schema takes what the screen saves between visits', () => {
    const { answers } = bankForm.seal!({ ...CN_CARD });
    expect(z.safeParse(bankForm.draft!, answers).success).toBe(true);
    expect(z.safeParse(bankForm.draft!, { card_number: ICBC_CARD }).success).toBe(true);
    expect(z.safeParse(bankForm.draft!, { bank_code: 'x'.repeat(50) }).success).toBe(false);
    // the phone is never in the saved answers: a draft schema that kept it would store it in clear
    expect(z.parse(bankForm.draft!, { reserved_phone: '13812345678' })).toEqual({});
  });
});

describe('the bank messages', () => {
  it('every key the form gives is in the three catalogues', () => {
    const keys = [
      'bank_card_number_required',
      'bank_card_number_invalid',
      'bank_card_number_checksum',
      'bank_card_bank_mismatch',
      'bank_card_bank_unknown',
      'bank_code_required',
      'bank_phone_required',
      'bank_phone_invalid',
      'bank_location_required',
      'bank_location_invalid',
      'bank_account_number_required',
      'bank_account_number_invalid',
      'bank_holder_name_required',
      'bank_holder_name_mismatch',
    ];
    for (const lang of ['zh-CN', 'zh-HK', 'en'] as const)
      for (const key of keys) expect(FLOW_ERROR_MESSAGES[lang][key], `${lang} ${key}`).toBeTruthy();
  });
});

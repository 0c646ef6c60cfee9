import { cardNumber } from '@hk/domain/steps/bank/bank-test-cards';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Body,
  fail,
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import BankPage, { bankAnswersOf, bankValuesOf, checkBank, groupDigits } from './bank-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/bank';
const ICBC_CARD = cardNumber('622202', 19);
const UNKNOWN_BIN_CARD = cardNumber('400000', 16);
const BAD_CHECK_DIGIT = `${ICBC_CARD.slice(0, -1)}${(Number(ICBC_CARD.at(-1)) + 1) % 10}`;
const CN_IDENTITY = {
  id_location: 'CN',
  chinese_name: '王芳',
  english_surname: 'WANG',
  english_given_name: 'FANG',
};
const HK_IDENTITY = { id_location: 'HK', english_surname: 'Chan', english_given_name: 'Tai Man' };
const err = (key: string) => i18n.t(key, { ns: 'errors' });

function server(
  identity: Record<string, unknown>,
  bank = makeStepInfo('bank'),
  extra: Record<string, unknown> = {},
) {
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('bank')),
    '/v9/OpenAccountHk/step_info/identity': ok(
      makeStepInfo('identity', { version: 2, confirmed_at: '2026-11-20T00:00:00Z', answers: identity }),
    ),
    '/v9/OpenAccountHk/step_info/bank': ok(bank),
    '/v9/OpenAccountHk/step/bank': (body: Body) =>
      ok(makeSaveResult('bank', { version: 5, confirmed: body.confirm === true, next_step: 'signature' })),
    ...extra,
  });
}
const confirms = (s: ReturnType<typeof fakeStepServer>) => s.saves('bank').filter((b) => b.confirm);

describe('bank page', () => {
  it('zh-CN, mainland ID: the card in groups of four, a wrong check digit refused at the field, the bank found from the number', async () => {
    await setupStepI18n('zh-CN');
    const s = server(CN_IDENTITY, makeStepInfo('bank'), {
      '/v9/OpenAccountHk/bank_name': (body: Body) =>
        body.card_number === ICBC_CARD
          ? ok({ bank_code: 'ICBC', bank_name: '中国工商银行' })
          : fail(1002, '', { card_number: '未能识别' }),
    });
    renderStep(PATH, <BankPage />);
    // the designated account rule, in the person's language
    expect(await screen.findByText(/首笔入金须不少于 10,000 港元/)).toBeTruthy();
    const card = screen.getByLabelText('银行卡号') as HTMLInputElement;
    fireEvent.change(card, { target: { value: BAD_CHECK_DIGIT } });
    expect(card.value).toBe(groupDigits(BAD_CHECK_DIGIT));
    expect(card.value.split(' ').map((g) => g.length)).toEqual([4, 4, 4, 4, 3]);
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(err('bank_card_number_checksum'))).toBeTruthy();
    expect(confirms(s)).toEqual([]);
    // a number failing Luhn is never sent for its bank
    expect(s.calls.some((c) => c.path === '/v9/OpenAccountHk/bank_name')).toBe(false);

    // a valid number whose bank the table does not know: the person is asked to pick it
    fireEvent.change(card, { target: { value: UNKNOWN_BIN_CARD } });
    expect(
      await screen.findByText('未能根据卡号识别发卡银行，请在下方选择。', undefined, { timeout: 2000 }),
    ).toBeTruthy();
    expect((screen.getByLabelText('开户银行') as HTMLSelectElement).value).toBe('');

    fireEvent.change(card, { target: { value: ICBC_CARD } });
    expect(await screen.findByText('中国工商银行的银行卡', undefined, { timeout: 2000 })).toBeTruthy();
    expect((screen.getByLabelText('开户银行') as HTMLSelectElement).value).toBe('ICBC');
    fireEvent.change(screen.getByLabelText('银行预留手机号'), { target: { value: '13812345678' } });
    fireEvent.change(screen.getByLabelText('省份'), { target: { value: '440000' } });
    // a province without its city is not a location: said at the city, which takes the focus (issue #16)
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(err('bank_location_required'))).toBeTruthy();
    const city = screen.getByRole('combobox', { name: '城市' });
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(city.getAttribute('aria-describedby')!)?.textContent).toBe(
      err('bank_location_required'),
    );
    await waitFor(() => expect(document.activeElement).toBe(city));
    expect(screen.getByRole('group', { name: '开户地' })).toBeTruthy();
    expect(confirms(s)).toEqual([]);
    fireEvent.change(screen.getByLabelText('城市'), { target: { value: '440300' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/signature'));
    expect(confirms(s)).toHaveLength(1);
    expect(confirms(s)[0]!.answers).toEqual({
      card_number: groupDigits(ICBC_CARD),
      bank_code: 'ICBC',
      reserved_phone: '13812345678',
      province_code: '440000',
      city_code: '440300',
    });
  });

  it('en, HK ID: the licensed bank with its code, the length its numbers have, the holder fixed to the ID name', async () => {
    await setupStepI18n('en');
    const s = server(HK_IDENTITY);
    renderStep(PATH, <BankPage />);
    expect(await screen.findByText(/must come from this account/)).toBeTruthy();
    const holder = screen.getByLabelText('Account holder') as HTMLInputElement;
    expect(holder.value).toBe('CHAN TAI MAN');
    expect(holder.readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText('Bank (with its 3-digit bank code)'), {
      target: { value: '004' },
    });
    expect(
      await screen.findByText('10 to 12 digits: branch code and account number, without the bank code 004.'),
    ).toBeTruthy();
    const number = screen.getByLabelText('Account number') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(err('bank_account_number_invalid'))).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(confirms(s)).toEqual([]);
    fireEvent.change(number, { target: { value: '123-456789-001' } });
    expect(number.value).toBe('1234 5678 9001');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/signature'));
    expect(confirms(s)[0]!.answers).toEqual({
      bank_code: '004',
      account_number: '1234 5678 9001',
      holder_name: 'CHAN TAI MAN',
    });
  });

  it('zh-HK, a saved card: the masks are shown, empty fields keep them (the masks are sent back, never a number)', async () => {
    await setupStepI18n('zh-HK');
    const mask = '6222 **** **** ***0 123';
    const saved = {
      bank_type: 1,
      bank_code: 'ICBC',
      number_masked: mask,
      reserved_phone_masked: '138****5678',
      province_code: '440000',
      city_code: '440300',
    };
    const s = server(
      CN_IDENTITY,
      makeStepInfo('bank', {
        version: 4,
        answers: saved,
        sealed: { card_number: mask, reserved_phone: '138****5678' },
      }),
    );
    renderStep(PATH, <BankPage />);
    expect(await screen.findByText(mask)).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect((screen.getByLabelText('銀行卡號') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('留空則保留已儲存的卡號。')).toBeTruthy();
    expect((screen.getByLabelText('城市') as HTMLSelectElement).value).toBe('440300');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(confirms(s)).toHaveLength(1));
    // the masks travel back, never a number: the server keeps the sealed ones
    expect(confirms(s)[0]!.answers).toEqual({
      number_masked: mask,
      bank_code: 'ICBC',
      reserved_phone_masked: '138****5678',
      province_code: '440000',
      city_code: '440300',
    });
    expect(confirms(s)[0]!.step_version).toBe(4);
  });

  it('the answers: a typed number wins over the saved mask; empty fields are left out', () => {
    const values = {
      card_number: '',
      number_masked: '**** **** 9001',
      bank_code: '004',
      reserved_phone: '',
      reserved_phone_masked: '',
      province_code: '',
      city_code: '',
      account_number: '9876 5432 1001',
      holder_name: 'CHAN TAI MAN',
    };
    expect(bankAnswersOf(values, 2)).toEqual({
      bank_code: '004',
      account_number: '9876 5432 1001',
      holder_name: 'CHAN TAI MAN',
    });
    expect(bankAnswersOf({ ...values, account_number: ' ' }, 2)).toMatchObject({
      number_masked: '**** **** 9001',
    });
    expect(bankAnswersOf({ ...values, account_number: '' }, 1)).toEqual({
      number_masked: '**** **** 9001',
      bank_code: '004',
    });
  });

  it('saved answers of the other kind of account (the ID location changed) are not shown as this one', () => {
    const hkSaved = {
      bank_type: 2,
      bank_code: '004',
      number_masked: '**** **** 9001',
      holder_name: 'CHAN TAI MAN',
    };
    expect(bankValuesOf(hkSaved, '', 1)).toMatchObject({ bank_code: '', number_masked: '' });
    expect(bankValuesOf(hkSaved, 'CHAN TAI MAN', 2)).toMatchObject({
      bank_code: '004',
      number_masked: '**** **** 9001',
      holder_name: 'CHAN TAI MAN',
    });
    // a draft says its kind by its bank code
    expect(bankValuesOf({ bank_code: 'ICBC', number_masked: '6222 **** 0123' }, 'X', 2).number_masked).toBe(
      '',
    );
    expect(bankValuesOf({ bank_code: 'ICBC', number_masked: '6222 **** 0123' }, 'X', 1).number_masked).toBe(
      '6222 **** 0123',
    );
  });

  it("checks the domain's rules beyond the schema, a number kept as its mask left to the server", () => {
    const empty = bankValuesOf({}, '', 1);
    const card = {
      ...empty,
      card_number: groupDigits(ICBC_CARD),
      bank_code: 'ICBC',
      reserved_phone: '13812345678',
      province_code: '440000',
      city_code: '440300',
    };
    expect(checkBank(card, 1, CN_IDENTITY)).toEqual({});
    expect(checkBank({ ...card, bank_code: 'CCB' }, 1, CN_IDENTITY)).toEqual({
      bank_code: 'bank_card_bank_mismatch',
    });
    // a city that is not under its province
    expect(checkBank({ ...card, city_code: '110100' }, 1, CN_IDENTITY)).toEqual({
      province_code: 'bank_location_invalid',
    });

    const account = {
      ...bankValuesOf({}, 'CHAN TAI MAN', 2),
      bank_code: '004',
      account_number: '1234 5678 9001',
    };
    expect(checkBank(account, 2, HK_IDENTITY)).toEqual({});
    expect(checkBank({ ...account, account_number: '1234 5678 9' }, 2, HK_IDENTITY)).toEqual({
      account_number: 'bank_account_number_invalid',
    });
    // the holder must be the ID's English name
    expect(checkBank({ ...account, holder_name: 'WONG SIU MING' }, 2, HK_IDENTITY)).toEqual({
      holder_name: 'bank_holder_name_mismatch',
    });
    // the saved number is kept: its length is the server's to check
    expect(
      checkBank({ ...account, account_number: '', number_masked: '**** **** 9001' }, 2, HK_IDENTITY),
    ).toEqual({});
  });
});

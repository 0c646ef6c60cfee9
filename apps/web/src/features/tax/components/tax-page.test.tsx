import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import TaxPage, { taxAnswersOf, taxValuesOf } from './tax-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/tax';
const NO_PREFILL = {
  tin_from_id: null,
  citizenship_from_id: null,
  us_national: false,
  w8ben_required: false,
  w8ben: null,
};
const HK_PREFILL = {
  ...NO_PREFILL,
  tin_from_id: { country: 'HK', tin_masked: 'D1****57', id_type: 'hk_id' },
};
const W8BEN = {
  form: 'W-8BEN',
  revision: 'October 2021',
  name: 'WANG, FANG',
  citizenship: 'CN',
  permanent_address: {
    lines: ['科技园路1号'],
    city: '南山区, 深圳市, 广东省',
    postal_code: '518057',
    country: 'CN',
  },
  mailing_address: null,
  us_tin: null,
  foreign_tin: { country: 'CN', tin_masked: '44**************21', from_id: true },
  foreign_tin_not_required: false,
  foreign_tin_reason: null,
  foreign_tin_explanation: null,
  date_of_birth: '1988-02-29',
  treaty_country: 'CN',
  treaty_status: 'treaty',
  treaty_claim: { article: '9', paragraph: '2', rate_percent: 10, income: 'dividends', treaty: 'China 1984' },
  dividend_withholding_percent: 10,
  missing: [],
};
const err = (key: string) => i18n.t(key, { ns: 'errors' });
const confirms = (server: ReturnType<typeof fakeStepServer>) => server.saves('tax').filter((b) => b.confirm);

function answerUs(no = true) {
  for (const group of [/citizen of the United States/, /green card/, /born in the United States/])
    fireEvent.click(within(screen.getByRole('group', { name: group })).getByLabelText(no ? 'No' : 'Yes'));
}

describe('tax page', () => {
  it('prefills the HK TIN from the HKID, masked with its origin, and sends only the flag', async () => {
    await setupStepI18n('en');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('tax')),
      '/v9/OpenAccountHk/step_info/tax': ok(makeStepInfo('tax', { version: 1 })),
      '/v9/OpenAccountHk/tax_prefill': ok(HK_PREFILL),
      '/v9/OpenAccountHk/step/tax': (body: Record<string, unknown>) =>
        ok(
          makeSaveResult('tax', { version: 3, confirmed: body.confirm === true, next_step: 'declarations' }),
        ),
    });
    renderStep(PATH, <TaxPage />);
    expect(await screen.findByText('D1****57')).toBeTruthy();
    expect(screen.getByText('Your HKID number, which is your Hong Kong TIN')).toBeTruthy();
    answerUs();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/declarations'));
    expect(confirms(server)[0]!.answers).toEqual({
      tax_residencies: [{ country: 'HK', tin_from_id: true }],
      us_citizen: false,
      us_green_card: false,
      us_born: false,
    });
    // the number itself is never in what the screen sends
    expect(JSON.stringify(server.calls)).not.toContain('D123');
  });

  it('refuses at the field in the person\u2019s language: TIN or reason, reason B explained', async () => {
    await setupStepI18n('zh-CN');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('tax')),
      '/v9/OpenAccountHk/step_info/tax': ok(
        makeStepInfo('tax', { answers: { tax_residencies: [{ country: 'SG' }] } }),
      ),
      '/v9/OpenAccountHk/tax_prefill': ok(NO_PREFILL),
      '/v9/OpenAccountHk/step/tax': (body: Record<string, unknown>) =>
        ok(makeSaveResult('tax', { confirmed: body.confirm === true, next_step: 'declarations' })),
    });
    renderStep(PATH, <TaxPage />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining([err('tin_or_reason_required'), err('us_person_answer_required')]),
    );
    // no TIN: reason B needs its explanation
    fireEvent.click(screen.getByLabelText('我没有税务编号'));
    fireEvent.click(await screen.findByLabelText(/理由 B/));
    for (const group of [/美国公民/, /绿卡/, /在美国出生/])
      fireEvent.click(within(screen.getByRole('group', { name: group })).getByLabelText('否'));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(err('tin_reason_b_explanation_required'))).toBeTruthy();
    expect(confirms(server)).toEqual([]);
    fireEvent.change(screen.getByLabelText(/无法取得税务编号的原因/), { target: { value: '尚未签发' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(confirms(server)).toHaveLength(1));
    expect(confirms(server)[0]!.answers).toMatchObject({
      tax_residencies: [{ country: 'SG', tin_reason: 'B', tin_reason_explanation: '尚未签发' }],
    });
  });

  it('1 to 5 residencies: add and remove; a US person is told they cannot open online', async () => {
    await setupStepI18n('en');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('tax')),
      '/v9/OpenAccountHk/step_info/tax': ok(makeStepInfo('tax')),
      '/v9/OpenAccountHk/tax_prefill': ok(HK_PREFILL),
      '/v9/OpenAccountHk/step/tax': ok(makeSaveResult('tax', { confirmed: false })),
    });
    renderStep(PATH, <TaxPage />);
    const add = await screen.findByRole('button', { name: /Add another tax residency/ });
    for (let i = 0; i < 4; i++)
      fireEvent.click(screen.getByRole('button', { name: /Add another tax residency/ }));
    expect(screen.getAllByRole('group', { name: /^Tax residency \d$/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /Add another tax residency/ })).toBeNull();
    expect(screen.getByText('You have listed the maximum of 5 tax residencies.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove tax residency 5' }));
    expect(screen.getAllByRole('group', { name: /^Tax residency \d$/ })).toHaveLength(4);
    expect(add).toBeTruthy();

    for (let n = 4; n > 1; n--)
      fireEvent.click(screen.getByRole('button', { name: `Remove tax residency ${n}` }));
    answerUs();
    fireEvent.click(within(screen.getByRole('group', { name: /green card/ })).getByLabelText('Yes'));
    expect(await screen.findByText(/cannot open an account online, because US tax law/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(err('us_person_not_online'))).toBeTruthy();
    expect(confirms(server)).toEqual([]);
  });

  it('with the US market: shows the W-8BEN to be signed at the signature step, treaty and rate', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('tax')),
      '/v9/OpenAccountHk/step_info/tax': ok(
        makeStepInfo('tax', {
          answers: {
            tax_residencies: [{ country: 'CN', tin_from_id: true, tin_masked: '44**************21' }],
          },
        }),
      ),
      '/v9/OpenAccountHk/tax_prefill': ok({
        ...NO_PREFILL,
        tin_from_id: { country: 'CN', tin_masked: '44**************21', id_type: 'cn_id' },
        citizenship_from_id: 'CN',
        w8ben_required: true,
        w8ben: W8BEN,
      }),
    });
    renderStep(PATH, <TaxPage />);
    const form = await screen.findByRole('region', {
      name: 'Form W-8BEN: to be signed at the signature step',
    });
    expect(within(form).getByText('WANG, FANG')).toBeTruthy();
    expect(within(form).getByText('02-29-1988')).toBeTruthy();
    expect(
      within(form).getByText(/Article 9, paragraph 2 of the US–China treaty: 10% on dividends/),
    ).toBeTruthy();
    expect(within(form).getByText('US dividends will be withheld at 10%.')).toBeTruthy();
    // the ID proves the citizenship: not asked
    expect(screen.queryByText('Country of citizenship (for the W-8BEN)')).toBeNull();
  });

  it('an HKID holder trading US stocks is asked the citizenship; Hong Kong has no treaty', async () => {
    await setupStepI18n('zh-HK');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('tax')),
      '/v9/OpenAccountHk/step_info/tax': ok(makeStepInfo('tax')),
      '/v9/OpenAccountHk/tax_prefill': ok({
        ...HK_PREFILL,
        w8ben_required: true,
        w8ben: {
          ...W8BEN,
          name: 'CHAN, TAI MAN',
          citizenship: null,
          treaty_country: 'HK',
          treaty_status: 'no_treaty',
          treaty_claim: null,
          dividend_withholding_percent: 30,
          missing: ['citizenship'],
        },
      }),
      '/v9/OpenAccountHk/step/tax': (body: Record<string, unknown>) =>
        body.confirm
          ? fail(1002, 'bad', { us_person: err('us_person_not_online') })
          : ok(makeSaveResult('tax')),
    });
    renderStep(PATH, <TaxPage />);
    expect(await screen.findByText(/與美國沒有所得稅協定/)).toBeTruthy();
    expect(screen.getByText('美國股息將按 30% 預扣稅款。')).toBeTruthy();
    for (const group of [/美國公民/, /綠卡/, /在美國出生/])
      fireEvent.click(within(screen.getByRole('group', { name: group })).getByLabelText('否'));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(err('citizenship_required'))).toBeTruthy();
    expect(confirms(server)).toEqual([]);
  });
});

describe('tax values and answers', () => {
  it('a saved TIN comes back as its mask and is sent back as it is; a reason drops the TIN', () => {
    const values = taxValuesOf(
      {
        tax_residencies: [
          { country: 'SG', tin_masked: 'S1*****7D' },
          { country: 'AE', tin_reason: 'A' },
        ],
      },
      null,
    );
    expect(taxAnswersOf(values).tax_residencies).toEqual([
      { country: 'SG', tin_masked: 'S1*****7D' },
      { country: 'AE', tin_reason: 'A' },
    ]);
    values.tax_residencies[0]!.tin = 'T7654321Z';
    expect(taxAnswersOf(values).tax_residencies).toEqual([
      { country: 'SG', tin: 'T7654321Z' },
      { country: 'AE', tin_reason: 'A' },
    ]);
  });
});

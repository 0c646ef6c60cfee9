import { countryName, type Language } from '@hk/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeStepServer, ok, renderStep, setupStepI18n } from '../../../step-kit/test-utils';
import ReviewPage from './review-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/review';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const doc = (id: string, kind: string) => ({
  document_id: id,
  kind,
  mime: 'image/jpeg',
  width: 800,
  height: 500,
  size: 1000,
  uploaded_at: '2026-11-26T08:00:00.000Z',
});
const step = (s: string, extra: Record<string, unknown> = {}) => ({
  step: s,
  confirmed: true,
  reopened_reason: null,
  answers: {},
  sealed: {},
  documents: [],
  ...extra,
});

function audit(extra: Record<string, unknown> = {}) {
  return {
    status: 0,
    steps: [
      step('identity', {
        answers: { id_type: 'hk_id', english_surname: 'CHAN', english_given_name: 'TAI MAN', gender: 'M' },
        sealed: { id_number: 'A12****(3)' },
        documents: [doc('d1', 'id_front'), doc('d2', 'id_back')],
      }),
      step('address', {
        answers: {
          region: 'CN',
          province_code: '440000',
          city_code: '440300',
          county_code: '440305',
          detail: '科技园路1号',
        },
      }),
      step('personal', { answers: { education: 'undergraduate', email: 'chan@example.com' } }),
      step('employment', { answers: { status: 'retired' } }),
      step('tax', {
        answers: { tax_residencies: [{ country: 'HK', tin_masked: 'A12****(3)', tin_from_id: true }] },
      }),
      step('risk_disclosure', { answers: { text_version: '2026.1', ended_at: '2026-11-26T08:00:00Z' } }),
      step('bank', {
        // as the server keeps them: the masks of the sealed number and phone in the answers too
        answers: {
          bank_code: 'ICBC',
          bank_type: 1,
          number_masked: '6222 **** **** 1234',
          reserved_phone_masked: '138****5678',
        },
        sealed: { card_number: '6222 **** **** 1234', reserved_phone: '138****5678' },
      }),
      step('signature', { answers: { answers_hash: 'a'.repeat(64) } }),
    ],
    blocking: [],
    submission: null,
    ...extra,
  };
}

const submitOk = ok({
  submission_number: 1,
  sha256: 'b'.repeat(64),
  submitted_at: '2026-11-26T08:10:00.000Z',
  status: 1,
  replayed: false,
});

describe.each<Language>(['zh-CN', 'zh-HK', 'en'])('review page (%s)', (lang) => {
  it('lists every step with readable answers, masked sealed values and an edit link each', async () => {
    await setupStepI18n(lang);
    fakeStepServer({ '/v9/OpenAccountHk/audit': ok(audit()) });
    renderStep(PATH, <ReviewPage />);
    const personal = await screen.findByRole('region', { name: i18n.t('common:title_personal') });
    expect(within(personal).getByText(i18n.t('personal:education'))).toBeTruthy();
    expect(within(personal).getByText(i18n.t('personal:education_undergraduate'))).toBeTruthy();
    expect(within(personal).getByText('chan@example.com')).toBeTruthy();
    const identity = screen.getByRole('region', { name: i18n.t('common:title_id_location') });
    // masked as the server sent it, never anything else
    expect(within(identity).getByText('A12****(3)')).toBeTruthy();
    expect(within(identity).getByText(i18n.t('id:gender_m'))).toBeTruthy();
    // a residency: its country by name, its TIN as masked, under the tax screen's labels
    const tax = screen.getByRole('region', { name: i18n.t('common:title_tax') });
    expect(within(tax).getByText(i18n.t('tax:residency_n', { n: 1 }), { selector: 'dt' })).toBeTruthy();
    expect(
      within(tax).getByText(`${i18n.t('tax:country')}: ${countryName('HK', lang)}`, { exact: false }),
    ).toBeTruthy();
    // the TIN as masked, said to be the ID number (not "Tin from id")
    expect(
      within(tax).getByText(`${i18n.t('tax:tin')}: A12****(3) (${i18n.t('tax:tin_origin_id')})`, {
        exact: false,
      }),
    ).toBeTruthy();
    expect(within(tax).queryByText(/tin_from_id|Tin from id/i)).toBeNull();
    const bank = screen.getByRole('region', { name: i18n.t('common:title_bank') });
    expect(within(bank).getByText('6222 **** **** 1234')).toBeTruthy();
    expect(within(bank).getByText('138****5678')).toBeTruthy();
    // the bank by its name in the person's language, not its code
    const icbc = {
      'zh-CN': '中国工商银行',
      'zh-HK': '中國工商銀行',
      en: 'Industrial and Commercial Bank of China',
    };
    expect(within(bank).getByText(icbc[lang])).toBeTruthy();
    expect(within(bank).queryByText('ICBC')).toBeNull();
    // the mainland area as names, not codes
    expect(screen.getByText('广东省 深圳市 南山区')).toBeTruthy();
    expect(screen.queryByText('440305')).toBeNull();
    // bookkeeping answers are not shown; the recording and the signature by their state
    expect(screen.queryByText('a'.repeat(64))).toBeNull();
    expect(screen.queryByText('2026.1')).toBeNull();
    expect(screen.getByText(i18n.t('review:done_risk_disclosure'))).toBeTruthy();
    expect(screen.getByText(i18n.t('review:done_signature'))).toBeTruthy();
    const edits = screen.getAllByRole('link', { name: /./ }).map((a) => a.getAttribute('href'));
    for (const path of [
      '/userinfo/id?state=edit',
      '/userinfo/address?state=edit',
      '/userinfo/personal?state=edit',
      '/userinfo/employment?state=edit',
      '/userinfo/risk-disclosure?state=edit',
      '/userinfo/bank?state=edit',
      '/userinfo/signature?state=edit',
    ])
      expect(edits).toContain(path);
    fireEvent.click(
      screen.getByRole('link', {
        name: i18n.t('review:edit_step', { step: i18n.t('common:title_employment') }),
      }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/userinfo/employment?state=edit');
  });

  it('the issue #13 answers as chosen: a district, an asset proof in dollars, bands, "none of these"', async () => {
    await setupStepI18n(lang);
    const data = audit();
    data.steps = [
      step('address', { answers: { region: 'HK', district: 'sha_tin', detail: '1 Main Street' } }),
      step('account_type', {
        answers: {
          securities: 'margin',
          markets: ['US', 'HK'],
          futures: false,
          asset_proof_type: 'bank_statement',
          asset_proof_amount_cents: 125_000_000,
          asset_proof_issued_on: '2026-11-01',
        },
      }),
      step('financial', {
        answers: { annual_income: 'income_600k_to_1m', asset_classes: ['stock', 'cash'] },
      }),
      step('investment', { answers: { derivatives_knowledge: [] } }),
    ];
    fakeStepServer({ '/v9/OpenAccountHk/audit': ok(data) });
    renderStep(PATH, <ReviewPage />);
    const account = await screen.findByRole('region', { name: i18n.t('common:title_account_type_step') });
    const value = (region: HTMLElement, label: string) =>
      within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value(account, i18n.t('account_type:asset_proof_amount'))).toBe('HKD 1,250,000.00');
    expect(value(account, i18n.t('account_type:securities'))).toBe(i18n.t('account_type:securities_margin'));
    const sep = i18n.t('review:list_separator');
    expect(value(account, i18n.t('account_type:markets'))).toBe(
      `${i18n.t('account_type:market_hk')}${sep}${i18n.t('account_type:market_us')}`,
    );
    const address = screen.getByRole('region', { name: i18n.t('common:title_address') });
    expect(value(address, i18n.t('address:district_label'))).toBe(
      { 'zh-CN': '沙田区', 'zh-HK': '沙田區', en: 'Sha Tin' }[lang],
    );
    const financial = screen.getByRole('region', { name: i18n.t('common:title_financial') });
    expect(value(financial, i18n.t('financial:asset_classes'))).toBe(
      `${i18n.t('financial:asset_class_cash')}${sep}${i18n.t('financial:asset_class_stock')}`,
    );
    expect(within(financial).queryByText(/income_600k_to_1m/)).toBeNull();
    const investment = screen.getByRole('region', { name: i18n.t('common:title_investment') });
    expect(value(investment, i18n.t('investment:derivatives_question'))).toBe(i18n.t('investment:way_none'));
    // no stored code and no minor units anywhere on the screen
    expect(screen.queryByText(/\b[a-z]+_[a-z0-9_]+\b|125000000/)).toBeNull();
  });

  it("a Hong Kong account: the bank's code and name, the number under the account number's label", async () => {
    await setupStepI18n(lang);
    const hk = audit();
    hk.steps = hk.steps.map((st) =>
      st.step === 'bank'
        ? step('bank', {
            answers: {
              bank_code: '004',
              bank_type: 2,
              holder_name: 'CHAN TAI MAN',
              number_masked: '**** **** 9012',
            },
            sealed: { card_number: '**** **** 9012' },
          })
        : st,
    );
    fakeStepServer({ '/v9/OpenAccountHk/audit': ok(hk) });
    renderStep(PATH, <ReviewPage />);
    const bank = await screen.findByRole('region', { name: i18n.t('common:title_bank') });
    const hsbc = {
      'zh-CN': '004 香港上海汇丰银行有限公司',
      'zh-HK': '004 香港上海滙豐銀行有限公司',
      en: '004 The Hongkong and Shanghai Banking Corporation Limited',
    };
    expect(within(bank).getByText(hsbc[lang])).toBeTruthy();
    // once, under the account number's label (not the card number's)
    const number = within(bank).getByText('**** **** 9012');
    expect(number.previousElementSibling?.textContent).toBe(i18n.t('bank:account_number'));
    expect(within(bank).queryByText(i18n.t('bank:card_number'))).toBeNull();
  });
});

describe('review page: submit', () => {
  it('sends one key per visit (the same on a retry) and lands on the user centre', async () => {
    await setupStepI18n('en');
    let calls = 0;
    const s = fakeStepServer({
      '/v9/OpenAccountHk/audit': ok(audit()),
      '/v9/OpenAccountHk/submit': () => (++calls === 1 ? fail(1099, 'Server busy') : submitOk),
    });
    renderStep(PATH, <ReviewPage />);
    const button = await screen.findByRole('button', { name: i18n.t('flow:submit') });
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('flow:submit') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/usercenter'));
    const keys = s.calls
      .filter((c) => c.path === '/v9/OpenAccountHk/submit')
      .map((c) => c.body.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('2009 goes to the first step it names in flow order', async () => {
    await setupStepI18n('zh-CN');
    fakeStepServer({
      '/v9/OpenAccountHk/audit': ok(audit()),
      '/v9/OpenAccountHk/submit': fail(2009, '请先完成', {
        signature: '此步骤尚未完成',
        bank: '此步骤尚未完成',
        employment: '此步骤尚未完成',
      }),
    });
    renderStep(PATH, <ReviewPage />);
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('flow:submit') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/employment'));
  });

  it.each<Language>(['zh-CN', 'zh-HK', 'en'])(
    'a typed signature (issue #16) reads "Typed signature: <name> (adopted as signature)", not the method (%s)',
    async (lang) => {
      await setupStepI18n(lang);
      const typed = audit();
      typed.steps = typed.steps.map((s) =>
        s.step === 'signature'
          ? {
              ...s,
              answers: {
                answers_hash: 'a'.repeat(64),
                signature_method: 'typed',
                typed_name: 'Chan Tai Man',
                typed_statement: true,
              },
            }
          : s,
      );
      fakeStepServer({ '/v9/OpenAccountHk/audit': ok(typed) });
      renderStep(PATH, <ReviewPage />);
      const signature = await screen.findByRole('region', { name: i18n.t('common:title_signature') });
      expect(
        within(signature).getByText(i18n.t('signature:typed_line_label'), { selector: 'dt' }),
      ).toBeTruthy();
      expect(
        within(signature).getByText(`Chan Tai Man (${i18n.t('signature:typed_line_adopted')})`, {
          selector: 'dd',
        }),
      ).toBeTruthy();
      expect(within(signature).queryByText(i18n.t('signature:method_typed'))).toBeNull();
    },
  );

  it('2017 (signed over other answers) goes to the signature to sign again', async () => {
    await setupStepI18n('zh-HK');
    fakeStepServer({
      '/v9/OpenAccountHk/audit': ok(audit()),
      '/v9/OpenAccountHk/submit': fail(2017, '請重新簽署'),
    });
    renderStep(PATH, <ReviewPage />);
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('flow:submit') }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/userinfo/signature?state=edit'),
    );
  });

  it('a refused application: "submit modification", edit links keep state=refused; the blocking step is named', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/audit': ok(
        audit({
          status: -1,
          blocking: ['bank', 'signature'],
          steps: [step('bank', { confirmed: false }), step('signature', { confirmed: false })],
        }),
      ),
    });
    renderStep(PATH, <ReviewPage />, '?state=refused');
    expect(await screen.findByRole('button', { name: i18n.t('flow:submit_refused') })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(i18n.t('common:title_bank'));
    expect(screen.getAllByText(i18n.t('review:not_finished'))).toHaveLength(2);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/userinfo/bank?state=refused');
  });

  it('already submitted (another device): goes to the user centre', async () => {
    await setupStepI18n('en');
    fakeStepServer({ '/v9/OpenAccountHk/audit': ok(audit({ status: 1 })) });
    renderStep(PATH, <ReviewPage />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/usercenter'));
  });
});

import { LANGUAGES } from '@hk/domain';
import {
  DERIVATIVES_KNOWLEDGE_WAYS,
  EXPERIENCE_YEARS,
  INVESTMENT_PRODUCTS,
  INVESTMENT_PURPOSES,
} from '@hk/domain/steps/investment/form';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import InvestmentPage from './investment-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/investment';
const UNDER_A_YEAR = {
  securities: 'lt1',
  bond: 'none',
  etf: 'none',
  warrant: 'none',
  cbbc: 'none',
  futures_options: 'none',
};
const DAYS = [
  { date: '2026-12-02', slots: ['2026-12-02T10:00:00+08:00', '2026-12-02T10:30:00+08:00'] },
  { date: '2026-12-03', slots: ['2026-12-03T09:00:00+08:00', '2026-12-03T15:00:00+08:00'] },
];
const status = (appointment: unknown = null) =>
  ok({ needed: true, appointment, slot_minutes: 30, days: DAYS });

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('investment page', () => {
  it('refuses each unanswered field at the field, and sends nothing to confirm', async () => {
    await setupStepI18n('en');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('investment')),
      '/v9/OpenAccountHk/step_info/investment': ok(makeStepInfo('investment')),
      '/v9/OpenAccountHk/step/investment': ok(makeSaveResult('investment', { confirmed: false })),
    });
    renderStep(PATH, <InvestmentPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([
      i18n.t('investment_purpose_required', { ns: 'errors' }),
      ...INVESTMENT_PRODUCTS.map(() => i18n.t('experience_required', { ns: 'errors' })),
      i18n.t('derivatives_knowledge_required', { ns: 'errors' }),
    ]);
    expect(select('Bonds').getAttribute('aria-invalid')).toBe('true');
    expect(server.saves('investment').filter((b) => b.confirm)).toEqual([]);
    // a year or more somewhere: no risk call
    expect(screen.queryByText('Risk-disclosure phone call')).toBeNull();
  });

  it('SFC 5.1A: asks what each ticked way rests on, keeps only those, and goes on', async () => {
    await setupStepI18n('en');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('investment')),
      '/v9/OpenAccountHk/step_info/investment': ok(makeStepInfo('investment', { version: 3 })),
      '/v9/OpenAccountHk/step/investment': (body: Body) =>
        (body as { confirm?: boolean }).confirm
          ? ok(makeSaveResult('investment', { version: 5, next_step: 'risk_disclosure' }))
          : ok(makeSaveResult('investment', { version: 4, confirmed: false })),
    });
    renderStep(PATH, <InvestmentPage />);
    const purposes = await screen.findByRole('group', { name: 'Investment purpose' });
    fireEvent.click(within(purposes).getByLabelText('Capital appreciation'));
    fireEvent.click(within(purposes).getByLabelText('Hedging'));
    for (const p of INVESTMENT_PRODUCTS)
      fireEvent.change(select(i18n.t(`investment:product_${p}`)), { target: { value: 'none' } });
    fireEvent.change(select('Futures and options'), { target: { value: '3to5' } });
    const knowledge = screen.getByRole('group', { name: 'Knowledge of derivatives' });
    fireEvent.click(within(knowledge).getByLabelText(/work experience related to derivative/));
    fireEvent.click(within(knowledge).getByLabelText(/5 or more transactions/));
    fireEvent.change(screen.getByLabelText('Number of derivative transactions in the past 3 years'), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(i18n.t('derivatives_work_required', { ns: 'errors' }))).toBeTruthy();
    expect(screen.getByText(i18n.t('derivatives_transactions_too_few', { ns: 'errors' }))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Employer and your role'), {
      target: { value: 'Futures dealer, Harbour Securities' },
    });
    fireEvent.change(screen.getByLabelText('Number of derivative transactions in the past 3 years'), {
      target: { value: '12' },
    });
    // unticking a way drops its detail
    fireEvent.click(within(knowledge).getByLabelText(/training or course/));
    fireEvent.change(screen.getByLabelText('Name of the course or training, and who gave it'), {
      target: { value: 'will be unticked' },
    });
    fireEvent.click(within(knowledge).getByLabelText(/training or course/));
    expect(screen.queryByLabelText('Name of the course or training, and who gave it')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/risk-disclosure');
    const confirm = server.saves('investment').find((b) => b.confirm === true)!;
    expect(confirm.answers).toEqual({
      purposes: ['capital_appreciation', 'hedging'],
      experience: { ...UNDER_A_YEAR, securities: 'none', futures_options: '3to5' },
      derivatives_knowledge: ['work_experience', 'transactions'],
      derivatives_work: 'Futures dealer, Harbour Securities',
      derivatives_transactions: 12,
    });
  });

  it('"none of these" is an answer of its own, and clears the ways', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('investment')),
      '/v9/OpenAccountHk/step_info/investment': ok(
        makeStepInfo('investment', {
          version: 2,
          answers: {
            purposes: ['hedging'],
            derivatives_knowledge: ['training'],
            derivatives_training: 'HKSI',
          },
        }),
      ),
    });
    renderStep(PATH, <InvestmentPage />);
    const knowledge = await screen.findByRole('group', { name: 'Knowledge of derivatives' });
    const training = within(knowledge).getByLabelText(/training or course/) as HTMLInputElement;
    expect(training.checked).toBe(true);
    expect(
      (screen.getByLabelText('Name of the course or training, and who gave it') as HTMLInputElement).value,
    ).toBe('HKSI');
    fireEvent.click(within(knowledge).getByLabelText('None of these'));
    expect(training.checked).toBe(false);
    expect(screen.queryByLabelText('Name of the course or training, and who gave it')).toBeNull();
  });

  it('under a year in everything: the notice, the booking, then the confirmation (Traditional Chinese)', async () => {
    await setupStepI18n('zh-HK');
    let booked: { slot: string; version: number; booked_at: string } | null = null;
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('investment')),
      '/v9/OpenAccountHk/step_info/investment': ok(
        makeStepInfo('investment', {
          version: 2,
          answers: { purposes: ['dividend_yield'], experience: UNDER_A_YEAR, derivatives_knowledge: [] },
        }),
      ),
      '/v9/OpenAccountHk/step/investment': (body: Body) =>
        (body as { confirm?: boolean }).confirm
          ? ok(makeSaveResult('investment', { version: 4, next_step: 'risk_disclosure' }))
          : ok(makeSaveResult('investment', { version: 3, confirmed: false })),
      '/v9/OpenAccountHk/appointment_status': () => status(booked),
      '/v9/OpenAccountHk/appoint': (body: Body) => {
        booked = { slot: String(body.slot), version: 1, booked_at: '2026-12-01T01:00:00.000Z' };
        return ok({ appointment: booked, changed_from: null });
      },
    });
    renderStep(PATH, <InvestmentPage />);
    expect(await screen.findByText(i18n.t('investment:risk_call_notice'))).toBeTruthy();
    // no booking yet: the confirmation says so at the booking, and is not sent
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(i18n.t('appointment_required', { ns: 'errors' }))).toBeTruthy();
    expect(server.saves('investment').filter((b) => b.confirm)).toEqual([]);

    const day = await waitFor(() => select('日期'));
    expect([...day.options].map((o) => o.value)).toEqual(['2026-12-02', '2026-12-03']);
    fireEvent.change(day, { target: { value: '2026-12-03' } });
    const time = select('時間（香港時間）');
    expect([...time.options].map((o) => o.textContent).slice(1)).toEqual(['09:00', '15:00']);
    fireEvent.change(time, { target: { value: '2026-12-03T15:00:00+08:00' } });
    fireEvent.click(screen.getByRole('button', { name: '預約此時間' }));
    expect(await screen.findByTestId('booked')).toBeTruthy();
    expect(screen.getByTestId('booked').textContent).toContain('15:00');
    // the answers were saved before the booking (the server books on saved answers)
    const order = server.calls.map((c) => c.path).filter((p) => /step\/investment|appoint$/.test(p));
    expect(order.indexOf('/v9/OpenAccountHk/step/investment')).toBeLessThan(
      order.indexOf('/v9/OpenAccountHk/appoint'),
    );
    const appointCall = server.calls.find((c) => c.path === '/v9/OpenAccountHk/appoint')!;
    expect(appointCall.body).toMatchObject({ slot: '2026-12-03T15:00:00+08:00', appointment_version: 0 });

    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/risk-disclosure');
    expect(server.saves('investment').filter((b) => b.confirm)).toHaveLength(1);
  });

  it('changes a booking, naming its version, and shows the server’s refusal at the time picker', async () => {
    await setupStepI18n('en');
    const current = { slot: '2026-12-02T10:00:00+08:00', version: 2, booked_at: '2026-12-01T01:00:00.000Z' };
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('investment')),
      '/v9/OpenAccountHk/step_info/investment': ok(
        makeStepInfo('investment', {
          version: 2,
          answers: { purposes: ['hedging'], experience: UNDER_A_YEAR, derivatives_knowledge: [] },
        }),
      ),
      '/v9/OpenAccountHk/step/investment': ok(makeSaveResult('investment', { version: 3, confirmed: false })),
      '/v9/OpenAccountHk/appointment_status': status(current),
      '/v9/OpenAccountHk/appoint': fail(1002, 'Check', {
        slot: 'This day is a Hong Kong public holiday. Please choose another day.',
      }),
    });
    renderStep(PATH, <InvestmentPage />);
    expect((await screen.findByTestId('booked')).textContent).toBe(
      'Your call is booked for Wed 2 Dec, 10:00 (Hong Kong time).',
    );
    // the picker starts on the booking; the same time cannot be booked again
    expect(select('Day').value).toBe('2026-12-02');
    expect(select('Time (Hong Kong time)').value).toBe('2026-12-02T10:00:00+08:00');
    const change = screen.getByRole('button', { name: 'Change to this time' }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    fireEvent.change(select('Time (Hong Kong time)'), { target: { value: '2026-12-02T10:30:00+08:00' } });
    fireEvent.click(change);
    expect(
      await screen.findByText('This day is a Hong Kong public holiday. Please choose another day.'),
    ).toBeTruthy();
    expect(select('Time (Hong Kong time)').getAttribute('aria-invalid')).toBe('true');
    const appointCall = server.calls.find((c) => c.path === '/v9/OpenAccountHk/appoint')!;
    expect(appointCall.body).toMatchObject({ slot: '2026-12-02T10:30:00+08:00', appointment_version: 2 });
  });

  it('names every choice in every language', async () => {
    await setupStepI18n('en');
    const keys = [
      ...INVESTMENT_PURPOSES.map((v) => `purpose_${v}`),
      ...INVESTMENT_PRODUCTS.map((v) => `product_${v}`),
      ...EXPERIENCE_YEARS.map((v) => `years_${v}`),
      ...DERIVATIVES_KNOWLEDGE_WAYS.flatMap((v) => [`way_${v}`, `detail_${v}`]),
    ];
    for (const lng of LANGUAGES)
      for (const key of keys) expect(i18n.exists(key, { ns: 'investment', lng }), `${lng} ${key}`).toBe(true);
  });
});

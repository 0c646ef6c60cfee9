import { LANGUAGES } from '@hk/domain';
import {
  ANNUAL_INCOME_BAND_IDS,
  ASSET_CLASSES,
  INCOME_SOURCES,
  NET_ASSET_BAND_IDS,
} from '@hk/domain/steps/financial/financial-bands';
import { FUNDS_SOURCES } from '@hk/domain/steps/financial/form';
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
import FinancialPage from './financial-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/financial';
const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;

describe('financial page', () => {
  it('offers the domain bands in HKD, labelled by their bounds', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('financial')),
      '/v9/OpenAccountHk/step_info/financial': ok(makeStepInfo('financial')),
    });
    renderStep(PATH, <FinancialPage />);
    await screen.findByLabelText('Annual income (HKD)');
    const income = [...select('Annual income (HKD)').options].slice(1);
    expect(income.map((o) => o.value)).toEqual([...ANNUAL_INCOME_BAND_IDS]);
    expect(income.map((o) => o.textContent)).toEqual([
      'Below 100,000',
      '100,000 – 300,000',
      '300,001 – 600,000',
      '600,001 – 1,000,000',
      '1,000,001 – 3,000,000',
      'Above 3,000,000',
    ]);
    const assets = [...select('Net assets (HKD)').options].slice(1);
    expect(assets.map((o) => o.value)).toEqual([...NET_ASSET_BAND_IDS]);
    expect(assets[0]!.textContent).toBe('Below 500,000');
    expect(assets.at(-1)!.textContent).toBe('Above 10,000,000');
  });

  it('refuses at each field in the person\u2019s language, then confirms several sources and goes on', async () => {
    await setupStepI18n('zh-HK');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('financial')),
      '/v9/OpenAccountHk/step_info/financial': ok(makeStepInfo('financial', { version: 2 })),
      '/v9/OpenAccountHk/step/financial': (body: Record<string, unknown>) =>
        (body as { confirm?: boolean }).confirm
          ? ok(makeSaveResult('financial', { version: 4, next_step: 'tax' }))
          : ok(makeSaveResult('financial', { version: 3, confirmed: false })),
    });
    renderStep(PATH, <FinancialPage />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining([
        i18n.t('annual_income_required', { ns: 'errors' }),
        i18n.t('net_assets_required', { ns: 'errors' }),
        i18n.t('income_sources_required', { ns: 'errors' }),
        i18n.t('asset_classes_required', { ns: 'errors' }),
        i18n.t('funds_source_required', { ns: 'errors' }),
      ]),
    );
    expect(server.saves('financial').filter((b) => b.confirm)).toEqual([]);

    fireEvent.change(select('年收入（港元）'), { target: { value: ANNUAL_INCOME_BAND_IDS[2] } });
    fireEvent.change(select('資產淨值（港元）'), { target: { value: NET_ASSET_BAND_IDS[1] } });
    const sources = screen.getByRole('group', { name: /收入來源/ });
    fireEvent.click(within(sources).getByLabelText('薪金'));
    fireEvent.click(within(sources).getByLabelText('投資回報'));
    fireEvent.click(within(screen.getByRole('group', { name: /持有的資產類別/ })).getByLabelText('股票'));
    fireEvent.change(select('本賬戶資金來源'), { target: { value: 'other' } });
    // "other" asks for the words
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(i18n.t('funds_source_other_required', { ns: 'errors' }))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('請說明資金來源'), { target: { value: '出售家族生意' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/tax');
    const confirm = server.saves('financial').find((b) => b.confirm === true)!;
    expect(confirm.answers).toEqual({
      annual_income: ANNUAL_INCOME_BAND_IDS[2],
      net_assets: NET_ASSET_BAND_IDS[1],
      income_sources: ['salary', 'investment_return'],
      asset_classes: ['stock'],
      funds_source: 'other',
      funds_source_other: '出售家族生意',
    });
  });

  it('shows the saved answers, and the server\u2019s refusal at its field', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('tax')),
      '/v9/OpenAccountHk/step_info/financial': ok(
        makeStepInfo('financial', {
          version: 5,
          confirmed_at: '2026-11-25T10:00:00Z',
          answers: {
            annual_income: ANNUAL_INCOME_BAND_IDS[0],
            net_assets: NET_ASSET_BAND_IDS[0],
            income_sources: ['pension'],
            asset_classes: ['cash'],
            funds_source: 'pension',
          },
        }),
      ),
      '/v9/OpenAccountHk/step/financial': fail(1002, 'check', { net_assets: 'Server says no' }),
    });
    renderStep(PATH, <FinancialPage />, '?state=edit');
    await screen.findByRole('button', { name: 'Confirm modification' });
    expect(select('Annual income (HKD)').value).toBe(ANNUAL_INCOME_BAND_IDS[0]);
    expect((screen.getByLabelText('Pension', { selector: 'input' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm modification' }));
    await waitFor(() => expect(screen.getByText('Server says no')).toBeTruthy());
  });

  it('names every choice in every language', async () => {
    await setupStepI18n('en');
    const keys = [
      ...INCOME_SOURCES.map((v) => `income_source_${v}`),
      ...ASSET_CLASSES.map((v) => `asset_class_${v}`),
      ...FUNDS_SOURCES.map((v) => `funds_source_${v}`),
    ];
    for (const lng of LANGUAGES)
      for (const key of keys) expect(i18n.exists(key, { ns: 'financial', lng }), `${lng} ${key}`).toBe(true);
  });
});

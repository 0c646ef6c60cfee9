import { EMPLOYMENT_STATUSES, LANGUAGES } from '@hk/domain';
import { INDUSTRIES, JOB_LEVELS } from '@hk/domain/steps/employment/form';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import EmploymentPage from './employment-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/employment';
const TENCENT = {
  name: 'Tencent Holdings Limited',
  en: 'Tencent Holdings Limited',
  zh_hans: '腾讯控股有限公司',
  zh_hant: '騰訊控股有限公司',
  codes: ['0700.HK'],
};

function server(extra: Record<string, unknown> = {}) {
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('employment')),
    '/v9/OpenAccountHk/step_info/employment': ok(makeStepInfo('employment', { version: 1 })),
    '/v9/OpenAccountHk/step_info/account_type': ok(
      makeStepInfo('account_type', {
        version: 2,
        confirmed_at: '2026-11-25T10:00:00Z',
        answers: { securities: 'cash', markets: ['HK'], futures: false },
      }),
    ),
    '/v9/OpenAccountHk/company_name_list': (body: Record<string, unknown>) =>
      ok({ keyword: String(body.keyword), items: String(body.keyword).startsWith('ten') ? [TENCENT] : [] }),
    '/v9/OpenAccountHk/step/employment': (body: Record<string, unknown>) =>
      body.confirm
        ? ok(makeSaveResult('employment', { version: 3, next_step: 'financial' }))
        : ok(makeSaveResult('employment', { version: 2, confirmed: false })),
    ...extra,
  });
}

describe('employment page', () => {
  it('asks the employed for the job, suggests company names while typing, and sends the job', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <EmploymentPage />);
    const status = (await screen.findByLabelText('Employment status')) as HTMLSelectElement;
    expect(screen.queryByLabelText("Employer's name")).toBeNull();
    fireEvent.change(status, { target: { value: 'employed' } });
    const company = await screen.findByLabelText("Employer's name");
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining([
        i18n.t('company_name_required', { ns: 'errors' }),
        i18n.t('industry_required', { ns: 'errors' }),
        i18n.t('position_required', { ns: 'errors' }),
        i18n.t('job_level_required', { ns: 'errors' }),
        i18n.t('years_of_service_invalid', { ns: 'errors' }),
      ]),
    );
    // issue #16: aria-controls names the list only while it is there
    expect(company.getAttribute('aria-controls')).toBeNull();
    // suggestions once the typing pauses, asked for with what was typed
    fireEvent.change(company, { target: { value: 'te' } });
    fireEvent.change(company, { target: { value: 'ten' } });
    const option = await screen.findByRole('button', { name: /Tencent Holdings Limited/ }, { timeout: 3000 });
    expect(document.getElementById(company.getAttribute('aria-controls')!)).toBe(option.closest('ul'));
    fireEvent.click(option);
    expect((company as HTMLInputElement).value).toBe('Tencent Holdings Limited');
    expect(company.getAttribute('aria-controls')).toBeNull();
    const lookups = s.calls.filter((c) => c.path === '/v9/OpenAccountHk/company_name_list');
    expect(lookups.map((c) => c.body.keyword)).toEqual(['ten']);
    expect(lookups[0]!.body.lang).toBe('en');
    fireEvent.change(screen.getByLabelText('Industry'), { target: { value: 'service' } });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'Product manager' } });
    fireEvent.change(screen.getByLabelText('Job level'), { target: { value: 'manager' } });
    fireEvent.change(screen.getByLabelText('Years of service'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/financial');
    expect(s.saves('employment').find((b) => b.confirm === true)!.answers).toEqual({
      status: 'employed',
      company_name: 'Tencent Holdings Limited',
      industry: 'service',
      position: 'Product manager',
      job_level: 'manager',
      years_of_service: 7,
    });
  });

  it('a student: no job fields; with a margin account type says why it will be reopened, then goes back there', async () => {
    await setupStepI18n('zh-CN');
    const s = server({
      '/v9/OpenAccountHk/step_info/employment': ok(
        makeStepInfo('employment', {
          version: 4,
          confirmed_at: '2026-11-25T10:00:00Z',
          answers: {
            status: 'employed',
            company_name: 'X',
            industry: 'service',
            position: 'Y',
            job_level: 'staff',
            years_of_service: 1,
          },
        }),
      ),
      '/v9/OpenAccountHk/step_info/account_type': ok(
        makeStepInfo('account_type', { version: 2, answers: { securities: 'margin', markets: ['HK'] } }),
      ),
      '/v9/OpenAccountHk/step/employment': ok(
        makeSaveResult('employment', {
          version: 5,
          next_step: 'account_type',
          reopened: [{ step: 'account_type', reason: 'margin_not_for_students' }],
        }),
      ),
    });
    renderStep(PATH, <EmploymentPage />, '?state=edit');
    const status = (await screen.findByLabelText('就业状况')) as HTMLSelectElement;
    expect(screen.getByLabelText('雇主名称')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.change(status, { target: { value: 'student' } });
    expect(screen.queryByLabelText('雇主名称')).toBeNull();
    expect((await screen.findByRole('note')).textContent).toBe(i18n.t('employment:student_margin_notice'));
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    // the server reopened the account type: the person is taken there
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toMatch(/^\/userinfo\/account-type/),
    );
    expect(s.saves('employment').at(-1)).toMatchObject({
      confirm: true,
      step_version: 4,
      answers: { status: 'student' },
    });
  });

  it('a first-time student or retired person confirms with the status alone', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <EmploymentPage />);
    const status = (await screen.findByLabelText('Employment status')) as HTMLSelectElement;
    fireEvent.change(status, { target: { value: 'retired' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/financial'));
    expect(s.saves('employment').at(-1)).toEqual(
      expect.objectContaining({ confirm: true, answers: { status: 'retired' } }),
    );
  });

  it('names every status, industry and job level in every language', async () => {
    await setupStepI18n('en');
    const keys = [
      ...EMPLOYMENT_STATUSES.map((v) => `status_${v}`),
      ...INDUSTRIES.map((v) => `industry_${v}`),
      ...JOB_LEVELS.map((v) => `job_level_${v}`),
    ];
    for (const lng of LANGUAGES)
      for (const key of keys) expect(i18n.exists(key, { ns: 'employment', lng }), `${lng} ${key}`).toBe(true);
  });
});

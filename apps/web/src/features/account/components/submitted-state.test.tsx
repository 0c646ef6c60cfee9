import type { Language } from '@hk/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { fakeStepServer, makeStatus, ok, renderStep, setupStepI18n } from '../../../step-kit/test-utils';
import UserCenterPage from './usercenter-page';

beforeEach(() => saveSession({ token: 'tok_abcdefghijklmnopqrstuvwxyz', mobile: '5123****' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const a = (key: string, opts?: Record<string, unknown>) => i18n.t(`account:${key}`, opts);

function audit(accountType: Record<string, unknown>, status = 1) {
  return {
    status,
    steps: [
      {
        step: 'account_type',
        confirmed: true,
        reopened_reason: null,
        answers: accountType,
        sealed: {},
        documents: [],
      },
    ],
    blocking: [],
    submission: { submission_number: 1, sha256: 'c'.repeat(64), submitted_at: '2026-11-26T08:10:00.000Z' },
  };
}

function server(opts: { status?: number; accountType?: Record<string, unknown>; pdf?: () => Response } = {}) {
  const status = opts.status ?? 1;
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(
      makeStatus(null, { status, bank_type: 1, info_progress: 100, progress: 'submitted' }),
    ),
    '/v9/OpenAccountHk/audit': ok(
      audit(opts.accountType ?? { securities: 'margin', futures: true, markets: ['HK', 'US'] }, status),
    ),
    '/app/index/getIpInfo': ok({ tel: '400-800-8888', tel_hk: '+852 3000 8888', service_hours: '' }),
    ...(opts.pdf ? { '/v9/OpenAccountHk/application_pdf': () => opts.pdf!() } : {}),
  });
}

describe.each<Language>(['zh-CN', 'zh-HK', 'en'])('user centre, submitted (%s)', (lang) => {
  it('account type, the three stages with Reviewing current, customer service, footer, PDF link', async () => {
    await setupStepI18n(lang);
    server();
    renderStep('/usercenter', <UserCenterPage />);
    expect(await screen.findByText(a('status_submitted'))).toBeTruthy();
    const account = await screen.findByText(a('account_type_label'), { exact: false });
    expect(account.closest('p')!.textContent).toContain(a('account_securities_margin'));
    expect(account.closest('p')!.textContent).toContain(a('account_futures'));
    const stages = screen.getByRole('list', { name: a('stages_title') });
    const items = within(stages).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      a('stage_submitted'),
      a('stage_reviewing'),
      a('stage_activation'),
    ]);
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(items[0]!.className).toBe('is-done');
    expect(screen.getByRole('link', { name: '+852 3000 8888' }).getAttribute('href')).toBe(
      'tel:+85230008888',
    );
    expect(screen.getByText(i18n.t('common:securities_notice'))).toBeTruthy();
    expect(screen.getByRole('button', { name: a('download_pdf') })).toBeTruthy();
    expect(
      screen.getByText(a('submission_line', { number: 1, time: 'X' }).split('X')[0]!, { exact: false }),
    ).toBeTruthy();
    // stays on the user centre
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('user centre, submitted: details', () => {
  it('a cash account without futures', async () => {
    await setupStepI18n('en');
    server({ accountType: { securities: 'cash', futures: false, markets: ['HK'] } });
    renderStep('/usercenter', <UserCenterPage />);
    const account = await screen.findByText(a('account_type_label'), { exact: false });
    expect(account.closest('p')!.textContent).toContain('Securities cash account');
    expect(account.closest('p')!.textContent).not.toContain('Futures');
  });

  // spec §4: approved (2) with a designated account goes to the deposit (/remit, features/deposit)
  it('approved → the identity deposit', async () => {
    await setupStepI18n('en');
    server({ status: 2, accountType: { securities: 'cash', futures: false, markets: ['HK'] } });
    renderStep('/usercenter', <UserCenterPage />);
    expect((await screen.findByTestId('location')).textContent).toBe('/remit');
  });

  it('downloads the PDF with the session in the header, never in a link', async () => {
    await setupStepI18n('en');
    const created = vi.fn(() => 'blob:pdf');
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL = created;
    urls.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const s = server({
      pdf: () => new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }),
    });
    renderStep('/usercenter', <UserCenterPage />);
    fireEvent.click(await screen.findByRole('button', { name: a('download_pdf') }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    const call = s.calls.find((c) => c.path === '/v9/OpenAccountHk/application_pdf');
    expect(call).toBeTruthy();
    expect(call!.body.token).toBeUndefined();
    const fetchMock = vi.mocked(fetch);
    const pdfCall = fetchMock.mock.calls.find(([u]) => String(u).includes('application_pdf'))!;
    expect(String(pdfCall[0])).not.toContain('tok_abcdefghijklmnopqrstuvwxyz');
    expect(JSON.stringify(pdfCall[1]?.headers)).toContain('tok_abcdefghijklmnopqrstuvwxyz');
    click.mockRestore();
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });

  it('a failed download says so at the button', async () => {
    await setupStepI18n('zh-CN');
    server({
      pdf: () =>
        new Response(JSON.stringify({ status: 3003, data: null, info: '文件不存在' }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderStep('/usercenter', <UserCenterPage />);
    fireEvent.click(await screen.findByRole('button', { name: a('download_pdf') }));
    expect((await screen.findByRole('alert')).textContent).toBe('文件不存在');
  });
});

import { FLOW_STAGES, type UserStatus } from '@hk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { saveSession } from '../../../lib/session';
import { fail, fakeServer, ok, renderAt, setupI18n } from '../../../lib/test-utils';
import { showToast } from '../../../lib/toast';
import AccountTypePage from './account-type-page';
import UserCenterPage, { usercenterTarget } from './usercenter-page';

vi.mock('../../../lib/toast', () => ({
  showToast: vi.fn(async () => {}),
  showLoadingToast: vi.fn(async () => {}),
  clearToast: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  preloadOverlays: vi.fn(),
  loadOverlayBase: vi.fn(async () => {}),
}));

const status = (s: Partial<UserStatus> = {}): UserStatus => ({
  suid: 's1',
  is_marketing: 0,
  is_show_open_cs_qrcode: 0,
  status: 0,
  bank_type: 0,
  bank_audit: 0,
  info_progress: 0,
  progress: 'opening',
  stages_done: [],
  next_step: 'identity',
  steps: [{ step: 'identity', confirmed: false, reopened_reason: null }],
  mobile_masked: '5123****',
  ...s,
});

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  vi.mocked(showToast).mockClear();
  saveSession({ token: 'tok_abcdefghijklmnopqrstuvwxyz', mobile: '5123****' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/accountType', () => {
  it('creates the application with HKMargin and USMargin, then goes to /userinfo', async () => {
    const server = fakeServer({
      '/V9/OpenAccountHk/loginCreate': ok({ application_id: 'a1', created: true }),
    });
    renderAt('/accountType', <AccountTypePage />, '?source=partner1');
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo');
    const calls = server.calls.filter((c) => c.path === '/V9/OpenAccountHk/loginCreate');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.getAll('type')).toEqual(['HKMargin', 'USMargin']);
  });

  it('shows the server message for another status and offers a retry', async () => {
    let n = 0;
    fakeServer({
      '/V9/OpenAccountHk/loginCreate': () =>
        ++n === 1
          ? fail(2002, 'Your application has been submitted.')
          : ok({ application_id: 'a1', created: false }),
    });
    renderAt('/accountType', <AccountTypePage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(vi.mocked(showToast)).toHaveBeenCalledWith('Your application has been submitted.', 'error');
    fireEvent.click(retry);
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo');
  });

  it('ignores a network failure silently (spec §8) and stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    renderAt('/accountType', <AccountTypePage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(vi.mocked(showToast)).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('/usercenter', () => {
  it.each([
    [status({ progress: 'registered' }), '/accountType'],
    [status({ progress: 'opening', info_progress: 10 }), '/userinfo'],
    [status({ status: -1, progress: 'submitted' }), '/userinfo?state=refused'],
    [status({ status: 1, progress: 'submitted', bank_type: 1 }), null],
    // spec §4: no designated account and no bank audit → the bank-update page (docs/deposit.md)
    [status({ status: 1, progress: 'submitted' }), '/bankUpdate'],
    [status({ status: 2, progress: 'submitted' }), '/active'],
    [status({ status: 2, progress: 'submitted', bank_type: 2 }), '/remit'],
    [status({ status: 3, progress: 'submitted', bank_type: 2 }), '/remitted'],
    [status({ status: 5, progress: 'submitted', bank_type: 2 }), '/opened'],
  ])('routes %o to %s', (s, to) => {
    expect(usercenterTarget(s, false)).toBe(to);
  });

  it('sends an unfinished application to /userinfo', async () => {
    fakeServer({ '/v9/OpenAccountHk/status': ok(status({ info_progress: 10 })) });
    renderAt('/usercenter', <UserCenterPage />);
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo');
  });

  it('shows a submitted application with progress and customer service', async () => {
    fakeServer({
      '/v9/OpenAccountHk/status': ok(
        status({ status: 1, progress: 'submitted', info_progress: 100, bank_type: 1 }),
      ),
      '/app/index/getIpInfo': ok({ tel: '400-800-8888', tel_hk: '+852 3000 8888', service_hours: '' }),
    });
    renderAt('/usercenter', <UserCenterPage />);
    expect(await screen.findByText('Submitted — your application is being reviewed')).toBeTruthy();
    // the submitted state: the stages after submission, not the filling-in percentage
    expect(screen.queryByText('Completed 100%')).toBeNull();
    expect(screen.getByRole('list', { name: 'Progress after submission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+852 3000 8888' }).getAttribute('href')).toBe(
      'tel:+85230008888',
    );
    expect(screen.getByText('Hours: Monday–Friday 9:00–18:00')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('location')).toBeNull());
  });

  // issue #22 finding 11: a decision, not a stage of filling in
  it.each(['zh-CN', 'zh-HK', 'en'] as const)(
    'a declined application (-2) says it was not accepted and that this is final, with no "completed 100%" (%s)',
    async (lang) => {
      await setupI18n(lang);
      fakeServer({
        '/v9/OpenAccountHk/status': ok(
          status({
            status: -2,
            progress: 'submitted',
            info_progress: 100,
            stages_done: FLOW_STAGES.map((s) => s.id),
            next_step: null,
            steps: [],
          }),
        ),
        '/app/index/getIpInfo': ok({ tel: '400-800-8888', tel_hk: '+852 3000 8888', service_hours: '' }),
      });
      renderAt('/usercenter', <UserCenterPage />);
      expect(await screen.findByText(i18n.t('status_declined', { ns: 'account' }))).toBeTruthy();
      expect(screen.getByText(i18n.t('status_declined_final', { ns: 'account' }))).toBeTruthy();
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(document.body.textContent).not.toContain(
        i18n.t('completed_percent', { ns: 'common', percent: 100 }),
      );
      await setupI18n('en');
    },
  );

  it('decides on the status fetched for this visit, not one cached before the submission', async () => {
    fakeServer({
      '/v9/OpenAccountHk/status': ok(
        status({ status: 1, progress: 'submitted', info_progress: 100, bank_type: 2, next_step: null }),
      ),
      '/app/index/getIpInfo': ok({ tel: '400-800-8888', tel_hk: '+852 3000 8888', service_hours: '' }),
    });
    // the review screen submitted; the status cached while filling in is still there
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(userStatusQueryKey, status({ info_progress: 90, next_step: 'review' }));
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/usercenter']}>
          <Routes>
            <Route path="/usercenter" element={<UserCenterPage />} />
            <Route path="/userinfo" element={<p>the form</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Submitted — your application is being reviewed')).toBeTruthy();
    expect(screen.queryByText('the form')).toBeNull();
  });
});

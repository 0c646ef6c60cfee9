import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { INFO_QUERY_KEY } from '../../../step-kit/api/get-info';
import { fakeServer, makeDoc, makeInfo, ok, renderAt, setupI18n } from '../test-utils';
import UserInfoRedirect from './userinfo-redirect';

beforeAll(() => setupI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const both = [makeDoc('id_front'), makeDoc('id_back')];

describe('/userinfo', () => {
  it.each([
    ['nothing saved', makeInfo(), '/userinfo/id'],
    ['passport without nationality', makeInfo({ id_location: 'OTHER' }), '/userinfo/id'],
    ['location only', makeInfo({ id_location: 'HK' }), '/userinfo/id/photos'],
    ['one photo', makeInfo({ id_location: 'HK', documents: [makeDoc('id_front')] }), '/userinfo/id/photos'],
    ['both photos', makeInfo({ id_location: 'CN', documents: both }), '/userinfo/id/details'],
  ])('with %s goes to %s', async (_name, info, path) => {
    fakeServer({ '/v9/OpenAccountHk/info': ok(info) });
    renderAt('/userinfo', <UserInfoRedirect />, '?title=Open');
    expect((await screen.findByTestId('location')).textContent).toBe(`${path}?title=Open`);
  });

  it.each([
    ['address', '/userinfo/address'],
    ['investment', '/userinfo/investment'],
    ['risk_disclosure', '/userinfo/risk-disclosure'],
    ['review', '/userinfo/review'],
    [null, '/userinfo/progress'],
  ])('with the ID step confirmed and %s next goes to %s', async (next, path) => {
    fakeServer({
      '/v9/OpenAccountHk/info': ok(
        makeInfo({ id_location: 'CN', documents: both, confirmed_at: '2026-11-25T10:00:00Z' }),
      ),
      '/v9/OpenAccountHk/status': ok({
        suid: 'u',
        is_marketing: 0,
        is_show_open_cs_qrcode: 0,
        status: 1,
        bank_type: 0,
        bank_audit: 0,
        info_progress: 10,
        progress: 'opening',
        stages_done: ['id'],
        next_step: next,
        steps: [],
        mobile_masked: '138****0000',
      }),
    });
    renderAt('/userinfo', <UserInfoRedirect />, '?title=Open');
    expect((await screen.findByTestId('location')).textContent).toBe(`${path}?title=Open`);
  });

  it('goes by the status fetched now, not one cached before the ID step was confirmed', async () => {
    const status = (next_step: string) => ({
      suid: 'u',
      is_marketing: 0,
      is_show_open_cs_qrcode: 0,
      status: 1,
      bank_type: 0,
      bank_audit: 0,
      info_progress: 10,
      progress: 'opening',
      stages_done: [],
      next_step,
      steps: [],
      mobile_masked: '138****0000',
    });
    const confirmed = makeInfo({ id_location: 'CN', documents: both, confirmed_at: '2026-11-25T10:00:00Z' });
    fakeServer({
      '/v9/OpenAccountHk/info': ok(confirmed),
      '/v9/OpenAccountHk/status': ok(status('address')),
    });
    // what the cache held when the details were confirmed: the info refreshed, the status stale
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(INFO_QUERY_KEY, confirmed);
    client.setQueryData(userStatusQueryKey, status('identity'));
    await client.invalidateQueries();
    renderAt('/userinfo', <UserInfoRedirect />, '', { client });
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/address');
  });

  it('sends a person without an application to the account initialisation first', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': ok({ ...makeInfo(), application: null }) });
    renderAt('/userinfo', <UserInfoRedirect />);
    expect((await screen.findByTestId('location')).textContent).toBe('/accountType');
  });

  it('shows the error with a retry when the info cannot be loaded', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': { status: 1099, data: null, info: 'The service is busy.' } });
    renderAt('/userinfo', <UserInfoRedirect />);
    expect((await screen.findByRole('alert')).textContent).toContain('The service is busy.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

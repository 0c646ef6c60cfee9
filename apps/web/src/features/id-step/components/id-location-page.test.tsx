import { ERROR_MESSAGES } from '@hk/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { filterCountries } from '../../../step-kit/components/nationality-picker';
import { fakeServer, makeInfo, ok, renderAt, setupI18n } from '../test-utils';
import IdLocationPage from './id-location-page';

vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(async () => {}),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

describe('ID location', () => {
  it('asks for a nationality for other IDs, searches the country list, saves and goes to photos', async () => {
    await setupI18n('zh-CN');
    const server = fakeServer({
      '/v9/OpenAccountHk/info': ok(makeInfo()),
      '/v9/OpenAccountHk/get_country_list': ok([
        { code: 'GB', name: '英国' },
        { code: 'FR', name: '法国' },
      ]),
      '/v9/OpenAccountHk/id_location': ok({ id_location: 'OTHER', version: 1 }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id', <IdLocationPage />);
    expect(await screen.findByText('第 1 步，共 6 步：身份证明')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请选择证件签发地');
    fireEvent.click(screen.getByRole('radio', { name: '其他（护照）' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    // the previous alert stays until the form checks again: wait for the new message
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('请选择国籍'));
    fireEvent.click(screen.getByRole('button', { name: '国籍 请选择国籍' }));
    fireEvent.change(await screen.findByRole('searchbox', { name: '搜索国家或地区' }), {
      target: { value: '英' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: '法国' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '英国' }));
    expect(screen.getByRole('button', { name: '国籍 英国' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/id/photos');
    const body = server.calls.find((c) => c.path.endsWith('/id_location'))!.body;
    expect([body.get('id_location'), body.get('nationality')]).toEqual(['OTHER', 'GB']);
  });

  it('sends no nationality for a Hong Kong ID and shows a saved choice', async () => {
    await setupI18n('en');
    const server = fakeServer({
      '/v9/OpenAccountHk/info': ok(makeInfo({ id_location: 'HK', version: 1 })),
      '/v9/OpenAccountHk/id_location': ok({ id_location: 'HK', version: 2 }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id', <IdLocationPage />);
    const hk = await screen.findByRole('radio', { name: 'Hong Kong ID card' });
    await waitFor(() => expect((hk as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('location');
    const body = server.calls.find((c) => c.path.endsWith('/id_location'))!.body;
    expect([body.get('id_location'), body.has('nationality')]).toEqual(['HK', false]);
    expect(body.get('step_version')).toBe('1');
  });

  it('on 2007 keeps the choice, says so, reloads the info and names the new version next', async () => {
    await setupI18n('en');
    let infoCalls = 0;
    const server = fakeServer({
      // another device chose a passport meanwhile (version 2 → 3)
      '/v9/OpenAccountHk/info': () =>
        ok(
          infoCalls++ === 0
            ? makeInfo({ id_location: 'CN', version: 2 })
            : makeInfo({ id_location: 'OTHER', nationality: 'GB', version: 3 }),
        ),
      '/v9/OpenAccountHk/id_location': (body: URLSearchParams) =>
        body.get('step_version') === '3'
          ? ok({ id_location: 'HK', version: 4 })
          : { status: 2007, data: null, info: ERROR_MESSAGES.en.code_step_version_conflict },
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id', <IdLocationPage />);
    const cn = await screen.findByRole('radio', { name: 'Mainland China resident ID card' });
    await waitFor(() => expect((cn as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Hong Kong ID card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(ERROR_MESSAGES.en.code_step_version_conflict, 'warn', 3000),
    );
    expect(infoCalls).toBe(2);
    expect((screen.getByRole('radio', { name: 'Hong Kong ID card' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('location')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/id/photos');
    const sent = server.calls
      .filter((c) => c.path.endsWith('/id_location'))
      .map((c) => c.body.get('step_version'));
    expect(sent).toEqual(['2', '3']);
  });
});

describe('nationality list fallback', () => {
  it('builds the full country list locally when the server list is unavailable', async () => {
    await setupI18n('en');
    fakeServer({ '/v9/OpenAccountHk/info': ok(makeInfo({ id_location: 'OTHER' })) });
    renderAt('/userinfo/id', <IdLocationPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nationality Choose your nationality' }));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search countries and regions' }), {
      target: { value: 'zealand' },
    });
    expect(await screen.findByRole('button', { name: 'New Zealand' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Australia' })).toBeNull();
  });
});

describe('filterCountries', () => {
  const list = [
    { code: 'CI', name: "Côte d'Ivoire" },
    { code: 'GB', name: 'United Kingdom' },
  ];
  it('matches names without accents or case, and ISO codes', () => {
    expect(filterCountries(list, 'cote').map((c) => c.code)).toEqual(['CI']);
    expect(filterCountries(list, 'gb').map((c) => c.code)).toEqual(['GB']);
    expect(filterCountries(list, ' ').length).toBe(2);
    expect(filterCountries(list, 'xyz')).toEqual([]);
  });
});

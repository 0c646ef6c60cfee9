import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeInfo, ok, renderAt, setupI18n } from '../test-utils';
import IdLocationPage from './id-location-page';
import { filterCountries } from './nationality-picker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
      '/v9/OpenAccountHk/id_location': ok({ id_location: 'OTHER' }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id', <IdLocationPage />);
    expect(await screen.findByText('第 1 步，共 6 步：身份证明')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请选择证件签发地');
    fireEvent.click(screen.getByRole('radio', { name: '其他（护照）' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请选择国籍');
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
      '/v9/OpenAccountHk/info': ok(makeInfo({ id_location: 'HK' })),
      '/v9/OpenAccountHk/id_location': ok({ id_location: 'HK' }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id', <IdLocationPage />);
    const hk = await screen.findByRole('radio', { name: 'Hong Kong ID card' });
    await waitFor(() => expect((hk as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('location');
    const body = server.calls.find((c) => c.path.endsWith('/id_location'))!.body;
    expect([body.get('id_location'), body.has('nationality')]).toEqual(['HK', false]);
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

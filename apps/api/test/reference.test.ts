import { COUNTRY_CODES, PHONE_REGIONS } from '@hk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from './auth-helpers';
import { createTestApp, signed, type TestApp } from './helpers';

// Reference data reads no table: one embedded database is enough.
describe('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { caType: 'sz' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /user/login/get_region_list', () => {
    it('lists the 16 regions of spec §3 in order, in Simplified Chinese by default', async () => {
      const res = await get<{ code: string; country: string; No: string }[]>(
        t,
        '/user/login/get_region_list',
        {
          type: 'open',
        },
      );
      expect(res.status).toBe(0);
      expect(res.data.map((r) => r.code)).toEqual([
        'CN',
        'HK',
        'MY',
        'VN',
        'MO',
        'DE',
        'DK',
        'FR',
        'PH',
        'CA',
        'JP',
        'TW',
        'TH',
        'NZ',
        'IT',
        'GB',
      ]);
      expect(res.data[0]).toEqual({ code: 'CN', country: '中国大陆', No: '86' });
      expect(res.data[1]).toEqual({ code: 'HK', country: '中国香港', No: '852' });
      expect(res.data.find((r) => r.code === 'CA')!.No).toBe('1');
    });

    it('names them in the request language (lang parameter, else Accept-Language)', async () => {
      const en = await get<{ country: string }[]>(t, '/user/login/get_region_list', {
        type: 'open',
        lang: 'en',
      });
      expect(en.data.map((r) => r.country)).toEqual(PHONE_REGIONS.map((r) => r.names.en));
      const hk = await get<{ country: string }[]>(
        t,
        '/user/login/get_region_list',
        { type: 'open' },
        { lang: 'zh-HK' },
      );
      expect(hk.data[0]!.country).toBe('中國內地');
      const tw = await t.app.inject({
        method: 'GET',
        url: `/user/login/get_region_list?${new URLSearchParams(signed(t, { type: 'open' }) as Record<string, string>)}`,
        headers: { 'accept-language': 'zh-TW,zh;q=0.9' },
      });
      expect(tw.json().data[11].country).toBe('中國台灣');
    });

    it('refuses an unsigned request (1004) and a wrong sign (1003)', async () => {
      const unsigned = await t.app.inject({ method: 'GET', url: '/user/login/get_region_list?type=open' });
      expect(unsigned.json().status).toBe(1004);
      const res = await t.app.inject({
        method: 'GET',
        url: `/user/login/get_region_list?type=open&_t=${t.clock.now.getTime()}&_sign=${'0'.repeat(64)}`,
      });
      expect(res.json().status).toBe(1003);
    });

    it('an over-long type → 1002', async () => {
      const res = await get(t, '/user/login/get_region_list', { type: 'x'.repeat(30) });
      expect(res.status).toBe(1002);
    });
  });

  describe('POST /app/index/getIpInfo', () => {
    it('answers the phone lines and hours staff manage (the seeded row), the hours in the language', async () => {
      const res = await post(t, '/app/index/getIpInfo', {});
      expect(res).toMatchObject({
        status: 0,
        data: {
          tel: '400-800-8888',
          tel_hk: '+852 3000 8888',
          service_hours: expect.stringMatching(/^周一至周五 9:00–18:00/),
        },
      });
      expect(
        (await post<{ service_hours: string }>(t, '/app/index/getIpInfo', {}, { lang: 'en' })).data
          .service_hours,
      ).toMatch(/^Monday to Friday, 9:00–18:00/);
      expect(
        (await post<{ service_hours: string }>(t, '/app/index/getIpInfo', {}, { lang: 'zh-HK' })).data
          .service_hours,
      ).toMatch(/^星期一至五 9:00–18:00/);
    });
  });

  describe('GET /v9/OpenAccountHk/getCA', () => {
    it('answers the query’s caType when it is sz or gd, else the configured one', async () => {
      expect((await get(t, '/v9/OpenAccountHk/getCA', { caType: 'gd' })).data).toBe('gd');
      expect((await get(t, '/v9/OpenAccountHk/getCA', { caType: 'GD' })).data).toBe('gd');
      expect((await get(t, '/v9/OpenAccountHk/getCA', { caType: 'sz' })).data).toBe('sz');
      expect((await get(t, '/v9/OpenAccountHk/getCA', { caType: 'other' })).data).toBe('sz');
      expect((await get(t, '/v9/OpenAccountHk/getCA')).data).toBe('sz');
    });

    it('follows the configuration', async () => {
      const gd = await createTestApp('pglite', { caType: 'gd' });
      try {
        expect((await get(gd, '/v9/OpenAccountHk/getCA')).data).toBe('gd');
        expect((await get(gd, '/v9/OpenAccountHk/getCA', { caType: 'sz' })).data).toBe('sz');
      } finally {
        await gd.close();
      }
    });
  });

  describe('GET /v9/OpenAccountHk/get_country_list', () => {
    it('lists every country, named in the request language', async () => {
      const zh = await get<{ code: string; name: string }[]>(t, '/v9/OpenAccountHk/get_country_list');
      expect(zh.data).toHaveLength(COUNTRY_CODES.length);
      expect(zh.data.find((c) => c.code === 'FR')!.name).toBe('法国');
      const en = await get<{ code: string; name: string }[]>(t, '/v9/OpenAccountHk/get_country_list', {
        lang: 'en',
      });
      expect(en.data.find((c) => c.code === 'FR')!.name).toBe('France');
    });
  });

  it('unknown API paths answer the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v9/OpenAccountHk/no_such_thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 1007, data: null });
  });
});

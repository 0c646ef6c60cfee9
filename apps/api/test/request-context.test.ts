import { computeSign, SIGN_MAX_SKEW_MS } from '@hk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hkMobile, loginNewUser } from './auth-helpers';
import { createTestApp, TEST_SIGN_SECRET, type TestApp } from './helpers';

/** A request with hand-made `_t`/`_sign`, to test the check itself. */
function withSign(t: TestApp, params: Record<string, string>, subject: string, tMs = t.clock.now.getTime()) {
  const _t = String(tMs);
  return { ...params, _t, _sign: computeSign(subject, _t, TEST_SIGN_SECRET) };
}

describe('common parameters, _t and _sign (issue #2 §2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const regionList = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/user/login/get_region_list?${new URLSearchParams(query)}`,
      headers,
    });
  const sms = (body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/V9/OpenAccountHk/request_verify_code', payload: body });

  it('accepts the sign over an empty subject when there is no token and no mobile', async () => {
    const res = await regionList(withSign(t, { type: 'open' }, ''));
    expect(res.json().status).toBe(0);
  });

  it('a wrong sign → 1003, translated', async () => {
    const res = await regionList({ ...withSign(t, { type: 'open' }, ''), _sign: 'a'.repeat(64), lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1003, data: null });
    expect(res.json().info).toMatch(/signature/i);
    const wrongSecret = { type: 'open', _t: String(t.clock.now.getTime()) };
    const res2 = await regionList({
      ...wrongSecret,
      _sign: computeSign('', wrongSecret._t, 'not-the-secret'),
    });
    expect(res2.json().status).toBe(1003);
  });

  it('a missing sign → 1003; a missing or non-numeric _t → 1004', async () => {
    const { _sign: _dropped, ...noSign } = withSign(t, { type: 'open' }, '');
    expect((await regionList(noSign)).json().status).toBe(1003);
    expect((await regionList({ type: 'open', _sign: 'x' })).json().status).toBe(1004);
    expect((await regionList({ type: 'open', _t: 'yesterday', _sign: 'x' })).json().status).toBe(1004);
  });

  it(`_t more than 5 minutes away either way → 1004; within 5 minutes is fine`, async () => {
    const now = t.clock.now.getTime();
    for (const skew of [SIGN_MAX_SKEW_MS + 1000, -(SIGN_MAX_SKEW_MS + 1000)]) {
      const res = await regionList(withSign(t, { type: 'open' }, '', now + skew));
      expect(res.json().status).toBe(1004);
    }
    for (const skew of [SIGN_MAX_SKEW_MS - 1000, -(SIGN_MAX_SKEW_MS - 1000)]) {
      const res = await regionList(withSign(t, { type: 'open' }, '', now + skew));
      expect(res.json().status).toBe(0);
    }
  });

  it('signs over the mobile digits when there is no token (spaces stripped)', async () => {
    const mobile = hkMobile();
    const spaced = `${mobile.slice(0, 4)} ${mobile.slice(4)}`;
    const ok = await sms(withSign(t, { region: 'HK', mobile: spaced }, mobile));
    expect(ok.json().status).toBe(0);
    // a sign over an empty subject does not pass when a mobile is sent
    const bad = await sms(withSign(t, { region: 'HK', mobile: hkMobile() }, ''));
    expect(bad.json().status).toBe(1003);
  });

  it('signs over the token when there is one (body parameter or Bearer header)', async () => {
    const user = await loginNewUser(t);
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/V9/OpenAccountHk/logout',
      payload: withSign(t, { token: 'wrong-subject' }, user.token),
    });
    expect(inBody.json().status).toBe(1003);
    const viaHeader = await regionList(withSign(t, { type: 'open' }, user.token), {
      authorization: `Bearer ${user.token}`,
    });
    expect(viaHeader.json().status).toBe(0);
    const out = await t.app.inject({
      method: 'POST',
      url: '/V9/OpenAccountHk/logout',
      payload: withSign(t, { token: user.token }, user.token),
    });
    expect(out.json().status).toBe(0);
  });

  it('the common parameters do not upset the endpoint contracts', async () => {
    const res = await regionList(
      withSign(
        t,
        {
          type: 'open',
          broker: 'HPS',
          source: 'partner',
          empId: 'E1',
          version: 'hk9.0',
          activity_id: 'A1',
          open_type: 'NewAccount',
        },
        '',
      ),
    );
    expect(res.json().status).toBe(0);
  });

  it('chooses the language: lang parameter over Accept-Language; Hant/TW/HK → zh-HK', async () => {
    const q = withSign(t, { type: 'open' }, '');
    const first = async (query: Record<string, string>, headers: Record<string, string> = {}) =>
      (await regionList(query, headers)).json().data[0].country;
    expect(await first(q)).toBe('中国大陆');
    expect(await first(q, { 'accept-language': 'en-GB,en;q=0.8' })).toBe('Mainland China');
    expect(await first(q, { 'accept-language': 'zh-Hant' })).toBe('中國內地');
    expect(await first({ ...q, lang: 'zh-CN' }, { 'accept-language': 'en' })).toBe('中国大陆');
    expect(await first({ ...q, lang: 'zh-HK' }, { 'accept-language': 'en' })).toBe('中國內地');
  });

  it('unsigned routes (health, dev) need no sign', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/captcha?device=x' })).json().status).toBe(0);
  });
});

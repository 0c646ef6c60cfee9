import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { computeSign } from '@hk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationRow,
  createLoggedInUser,
  hkIdNumber,
  images,
  post as postApp,
  prepareIdStep,
  upload,
} from './application-helpers';
import { hkMobile, loginNewUser, post, requestSms } from './auth-helpers';
import { createTestApp, signed, TEST_SIGN_SECRET, type TestApp } from './helpers';

/** Findings of the API review (issue #2): each test failed before its fix, or guards a rule. */
describe('security review', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the sign covers the token that authenticates: a body token other than the Bearer one → 1003', async () => {
    const victim = await loginNewUser(t);
    const other = await loginNewUser(t);
    const _t = String(t.clock.now.getTime());
    // signed over `other`'s token in the body, authenticated by `victim`'s Bearer header
    const res = await t.app.inject({
      method: 'POST',
      url: '/v9/OpenAccountHk/status',
      headers: { authorization: `Bearer ${victim.token}` },
      payload: { token: other.token, _t, _sign: computeSign(other.token, _t, TEST_SIGN_SECRET) },
    });
    expect(res.json().status).toBe(1003);
    // the same token in both places, signed over it, passes
    const same = await t.app.inject({
      method: 'POST',
      url: '/v9/OpenAccountHk/status',
      headers: { authorization: `Bearer ${victim.token}` },
      payload: { token: victim.token, _t, _sign: computeSign(victim.token, _t, TEST_SIGN_SECRET) },
    });
    expect(same.json().status).toBe(0);
    expect(same.json().data.suid).toBe(victim.uid);
  });

  it('personal-data answers are no-store and carry masked identifiers only', async () => {
    const mobile = hkMobile();
    const user = await loginNewUser(t, mobile);
    const idNumber = hkIdNumber('R', '482913');
    await postApp(t, '/V9/OpenAccountHk/loginCreate', { type: 'HKMargin' }, { token: user.token });
    await postApp(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
    const front = await upload(t, user.token, 'id_front', await images.jpeg(300, 200));
    await upload(t, user.token, 'id_back', await images.jpeg(300, 200));
    const answers = [
      front.res,
      (
        await postApp(
          t,
          '/v9/OpenAccountHk/id_info',
          {
            id_location: 'HK',
            id_type: 'hk_id',
            english_surname: 'WONG',
            english_given_name: 'MEI',
            name_matches_bank: '1',
            gender: 'F',
            birth_date: '1985-03-04',
            id_number: idNumber,
          },
          { token: user.token },
        )
      ).res,
      (await postApp(t, '/v9/OpenAccountHk/status', {}, { token: user.token })).res,
      (await postApp(t, '/v9/OpenAccountHk/info', {}, { token: user.token })).res,
    ];
    expect(JSON.parse(answers[1]!.body).status).toBe(0);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain(mobile);
      expect(res.body).not.toContain(idNumber.slice(0, 7));
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/V9/OpenAccountHk/check_verify_code',
      payload: signed(t, { region: 'HK', mobile, code: '000000' }),
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('asking for a code answers the same for a registered and an unknown mobile', async () => {
    const registered = await loginNewUser(t);
    t.clock.advance(61);
    const known = await requestSms(t, { region: 'HK', mobile: registered.mobile });
    const unknown = await requestSms(t, { region: 'HK', mobile: hkMobile() });
    expect(known).toEqual(unknown);
    expect(known.status).toBe(0);
  });

  it('a confirmation checked against one ID location is refused once the location changed (race)', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'HK' });
    const row = await applicationRow(t, user.userId);
    // id_info read the step (HK, version v) and checked the details; then id_location (CN) committed
    const moved = await postApp(
      t,
      '/v9/OpenAccountHk/id_location',
      { id_location: 'CN' },
      { token: user.token },
    );
    expect(moved.json.status).toBe(0);
    expect(moved.json.data.version).toBe(row!.identityVersion + 1);
    const details = {
      id_type: 'hk_id',
      id_location: 'HK',
      english_surname: 'CHAN',
      english_given_name: 'TAI MAN',
      name_matches_bank: '1',
      id_number: hkIdNumber(),
      gender: 'M',
      birth_date: '1990-01-01',
    };
    // the save names the version it started from: stale, refused, nothing written
    const stale = await postApp(
      t,
      '/v9/OpenAccountHk/id_info',
      { ...details, step_version: row!.identityVersion },
      { token: user.token },
    );
    expect(stale.json, JSON.stringify(stale.json)).toMatchObject({ status: 2007 });
    // without a version, the details of the other document are refused all the same
    const mismatch = await postApp(t, '/v9/OpenAccountHk/id_info', details, { token: user.token });
    expect(mismatch.json.status).toBe(1002);
    expect(mismatch.json.data.fields.id_location).toBeDefined();
    const after = await applicationRow(t, user.userId);
    expect(after!.idLocation).toBe('CN');
    expect(after!.idType).toBeNull();
    expect(after!.idConfirmedAt).toBeNull();
    expect(after!.stagesDone).toEqual([]);
  });

  it('a token in the query string does not authenticate (decision 005: never in a URL)', async () => {
    const user = await createLoggedInUser(t);
    const { front } = await prepareIdStep(t, user, { id_location: 'HK' });
    const query = new URLSearchParams(signed(t, {}, { token: user.token }) as Record<string, string>);
    expect(query.get('token')).toBe(user.token);
    // signed over the token as a client would: the server does not take the token from a URL,
    // so the subject is empty and the sign fails
    const photo = await t.app.inject({ method: 'GET', url: `/v9/OpenAccountHk/file/${front}?${query}` });
    expect(photo.headers['content-type']).toContain('application/json');
    expect(photo.json().status).toBe(1003);
    const status = await t.app.inject({ method: 'POST', url: `/v9/OpenAccountHk/status?${query}` });
    expect(status.json().status).toBe(1003);
    // signed over the empty subject: a valid sign, but no session
    const unsignedToken = new URLSearchParams(signed(t, {}, { token: '' }) as Record<string, string>);
    unsignedToken.set('token', user.token);
    const noSession = await t.app.inject({
      method: 'GET',
      url: `/v9/OpenAccountHk/file/${front}?${unsignedToken}`,
    });
    expect(noSession.json().status).toBe(1001);
    // the same request with the token in the header is the owner's
    query.delete('token');
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: `/v9/OpenAccountHk/file/${front}?${query}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.headers['content-type']).toBe('image/jpeg');
  });

  it('a body token for the login routes is not a way around the sign', async () => {
    const user = await loginNewUser(t);
    const mobile = hkMobile();
    // signed over the mobile, with someone's Bearer token added: the subject is the token → 1003
    const res = await t.app.inject({
      method: 'POST',
      url: '/V9/OpenAccountHk/request_verify_code',
      headers: { authorization: `Bearer ${user.token}` },
      payload: signed(t, { region: 'HK', mobile }),
    });
    expect(res.json().status).toBe(1003);
    expect((await post(t, '/V9/OpenAccountHk/request_verify_code', { region: 'HK', mobile })).status).toBe(0);
  });
});

describe('production mode: the dev routes do not exist under any spelling', () => {
  for (const withWeb of [false, true]) {
    describe(withWeb ? 'with the web app built' : 'API only', () => {
      let t: TestApp;
      beforeAll(async () => {
        const overrides: Parameters<typeof createTestApp>[1] = { isProduction: true };
        if (withWeb) {
          const dist = path.join(
            process.env.TMPDIR ?? '/tmp',
            `hk-web-dist-${process.pid}-${Math.random().toString(36).slice(2)}`,
          );
          mkdirSync(dist, { recursive: true });
          writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
          overrides.webDistDir = dist;
        }
        t = await createTestApp('pglite', overrides);
      });
      afterAll(async () => {
        await t?.close();
      });

      it.each([
        '/DEV/SMS?mobile=91234567',
        '/dev/sms/?mobile=91234567',
        '/Dev/Captcha?device=abc',
        '/dev/sms',
        '/dev/captcha/',
        '/DEV/',
        '/%64ev/sms?mobile=91234567',
      ])('%s → the 404 envelope', async (url) => {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 1007, data: null });
        expect(res.json().info).toMatch(/^[\x20-\x7e]+$/);
      });
    });
  }
});

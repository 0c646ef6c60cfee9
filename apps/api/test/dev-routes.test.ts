import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDevCaptchaText } from '../src/plugins/app/captcha/captcha-service';
import { createConsoleSmsProvider } from '../src/plugins/app/sms/console-sms-provider';
import { gbMobile, hkMobile, login, post, requestSms, solveCaptcha } from './auth-helpers';
import { createTestApp, DB_KINDS, findPostgres, type TestApp } from './helpers';

const pgUrl = await findPostgres();

describe.each(DB_KINDS)('dev routes outside production (%s)', (kind) => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    // The console provider (the default) keeps the dev inbox; its clock is the test clock.
    let app: TestApp | undefined;
    const sms = createConsoleSmsProvider(
      { info: (msg) => logged.push(msg) },
      { keepInbox: true, now: () => app?.clock.now ?? new Date() },
    );
    app = await createTestApp(kind, {}, { sms });
    t = app;
  });
  afterAll(async () => {
    await t?.close();
  });
  const test = it.skipIf(kind === 'postgres' && !pgUrl);

  test('GET /dev/sms lists the messages to a mobile, newest first, each with its code', async () => {
    const mobile = hkMobile();
    const ip = '10.9.9.9';
    expect((await requestSms(t, { region: 'HK', mobile }, { ip, lang: 'en' })).status).toBe(0);
    const firstAt = t.clock.now.toISOString();
    t.clock.advance(61);
    expect((await requestSms(t, { region: 'HK', mobile }, { ip, lang: 'en' })).status).toBe(0);

    const res = await t.app.inject({ method: 'GET', url: `/dev/sms?mobile=${mobile}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { status, data } = res.json() as {
      status: number;
      data: { to: string; body: string; code: string; sent_at: string }[];
    };
    expect(status).toBe(0);
    expect(data).toHaveLength(2);
    expect(data[0]!.sent_at > data[1]!.sent_at).toBe(true);
    expect(data[1]!.sent_at).toBe(firstAt);
    for (const m of data) {
      expect(m.to).toBe(`+852${mobile}`);
      expect(m.code).toMatch(/^\d{6}$/);
      expect(m.body).toContain(m.code);
    }
    // The newest code is the one that logs in.
    const loggedIn = await login(t, { region: 'HK', mobile, code: data[0]!.code }, { ip });
    expect(loggedIn.status).toBe(0);
    // Other mobiles have nothing.
    const none = await t.app.inject({ method: 'GET', url: `/dev/sms?mobile=${hkMobile()}` });
    expect(none.json().data).toEqual([]);
  });

  test('the console provider logs the message with the number masked', async () => {
    const mobile = hkMobile();
    await requestSms(t, { region: 'HK', mobile }, { lang: 'en' });
    const line = logged.at(-1)!;
    expect(line).toMatch(
      new RegExp(`^SMS to \\+852\\*\\*\\*\\*${mobile.slice(-4)}: \\[Harbour Peak Securities\\]`),
    );
    expect(line).not.toContain(mobile);
  });

  test('GET /dev/sms finds a number of another region typed with its trunk 0', async () => {
    const mobile = gbMobile();
    const device = 'dev-gb';
    const image_code = await solveCaptcha(t, device);
    expect((await requestSms(t, { region: 'GB', mobile: `0${mobile}`, image_code }, { device })).status).toBe(
      0,
    );
    const res = await t.app.inject({ method: 'GET', url: `/dev/sms?mobile=0${mobile}` });
    expect(res.json().data[0].to).toBe(`+44${mobile}`);
  });

  test('GET /dev/captcha answers the text of the device’s current captcha, which is accepted', async () => {
    const device = 'dev-captcha-1';
    const text = await solveCaptcha(t, device);
    const again = await t.app.inject({ method: 'GET', url: `/dev/captcha?device=${device}` });
    expect(again.json()).toEqual({ status: 0, data: { text }, info: 'ok' });
    expect(
      (await requestSms(t, { region: 'GB', mobile: gbMobile(), image_code: text }, { device })).status,
    ).toBe(0);
    const unknown = await t.app.inject({ method: 'GET', url: '/dev/captcha?device=never-seen' });
    expect(unknown.json()).toEqual({ status: 0, data: { text: null }, info: 'ok' });
  });

  test('bad queries → 1002', async () => {
    for (const url of [
      '/dev/sms',
      '/dev/sms?mobile=abc',
      '/dev/captcha',
      `/dev/captcha?device=${'d'.repeat(65)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(1002);
    }
  });
});

describe('dev routes in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { isProduction: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('do not exist: both answer the NOT_FOUND envelope (404)', async () => {
    for (const url of ['/dev/sms?mobile=91234567', '/dev/captcha?device=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 1007, data: null });
    }
  });

  it('keep no captcha text in memory', async () => {
    const issued = await post(t, '/services/image_code', {}, { device: 'prod-dev' });
    expect(issued.status).toBe(0);
    expect(findDevCaptchaText(t.app.ctx, 'prod-dev')).toBeUndefined();
  });
});

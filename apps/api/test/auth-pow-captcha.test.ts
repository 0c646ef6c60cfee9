import { CAPTCHA_PER_IP_PER_HOUR, CAPTCHA_TTL_S, ErrorCode, POW_MAX_NUMBER } from '@hk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { captchaRequests, captchas, smsCodes } from '../src/db/schema';
import { type Challenge, gbMobile, post, randomIp, requestSms, solvePow as solve } from './auth-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

async function challengeFor(t: TestApp, mobile: string, device: string, ip = randomIp()) {
  const res = await post<Challenge>(t, '/services/pow_challenge', { region: 'GB', mobile }, { device, ip });
  expect(res.status).toBe(0);
  return res.data;
}

describe.each(DB_KINDS)('the image captcha’s proof-of-work alternative (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  const sentCodes = async () => (await t.app.ctx.db.select({ id: smsCodes.id }).from(smsCodes)).length;

  test('a solved challenge lets exactly one SMS request through where the image is asked', async () => {
    const mobile = gbMobile();
    const device = 'pow-one';
    // a GB number always needs the captcha: without one, 8001
    expect((await requestSms(t, { region: 'GB', mobile }, { device })).status).toBe(
      ErrorCode.CAPTCHA_REQUIRED,
    );

    const c = await challengeFor(t, mobile, device);
    expect(c).toMatchObject({ algorithm: 'SHA-256', maxnumber: POW_MAX_NUMBER });
    const pow_solution = solve(c);
    // only the hash of the answer is kept, never the number, for the captcha's 5 minutes
    const [row] = await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, device));
    expect(row!.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.textHash).not.toContain(pow_solution);
    expect(row!.expiresAt.getTime() - t.clock.now.getTime()).toBe(CAPTCHA_TTL_S * 1000);

    const before = await sentCodes();
    const ok = await requestSms(t, { region: 'GB', mobile, pow_solution }, { device });
    expect(ok.status).toBe(0);
    expect(await sentCodes()).toBe(before + 1);

    // replayed after the 60 s interval: used up, refused like a wrong image (8002), nothing sent
    t.clock.advance(61);
    const replay = await requestSms(t, { region: 'GB', mobile, pow_solution }, { device });
    expect(replay.status).toBe(ErrorCode.CAPTCHA_WRONG);
    expect(await sentCodes()).toBe(before + 1);
  });

  test('expired, wrong-device, other-mobile and unsolved answers are refused with 8002', async () => {
    const cases: Array<[string, (m: string) => Promise<{ mobile: string; device: string; sol: string }>]> = [
      [
        'expired',
        async (m) => {
          const sol = solve(await challengeFor(t, m, 'pow-exp'));
          t.clock.advance(CAPTCHA_TTL_S + 1);
          return { mobile: m, device: 'pow-exp', sol };
        },
      ],
      [
        'another device',
        async (m) => {
          const sol = solve(await challengeFor(t, m, 'pow-dev-a'));
          await challengeFor(t, m, 'pow-dev-b');
          return { mobile: m, device: 'pow-dev-b', sol };
        },
      ],
      [
        'another mobile',
        async (m) => ({
          mobile: gbMobile(),
          device: 'pow-mob',
          sol: solve(await challengeFor(t, m, 'pow-mob')),
        }),
      ],
      [
        'unsolved',
        async (m) => {
          const c = await challengeFor(t, m, 'pow-guess');
          const right = solve(c);
          return { mobile: m, device: 'pow-guess', sol: right === '0' ? '1' : '0' };
        },
      ],
    ];
    for (const [name, make] of cases) {
      const { mobile, device, sol } = await make(gbMobile());
      const before = await sentCodes();
      const res = await requestSms(t, { region: 'GB', mobile, pow_solution: sol }, { device, lang: 'en' });
      expect(res.status, name).toBe(ErrorCode.CAPTCHA_WRONG);
      expect(await sentCodes(), name).toBe(before);
    }
    // a guess burns the challenge: the right number afterwards is refused too
    const mobile = gbMobile();
    const right = solve(await challengeFor(t, mobile, 'pow-burn'));
    const wrong = right === '7' ? '8' : '7';
    expect(
      (await requestSms(t, { region: 'GB', mobile, pow_solution: wrong }, { device: 'pow-burn' })).status,
    ).toBe(8002);
    expect(
      (await requestSms(t, { region: 'GB', mobile, pow_solution: right }, { device: 'pow-burn' })).status,
    ).toBe(8002);
  });

  test('challenges count toward the image’s per-IP limit (8008, nothing stored)', async () => {
    const ip = randomIp();
    await t.app.ctx.db
      .insert(captchaRequests)
      .values(Array.from({ length: CAPTCHA_PER_IP_PER_HOUR - 1 }, () => ({ ip, createdAt: t.clock.now })));
    await challengeFor(t, gbMobile(), 'pow-limit-a', ip);
    const refused = await post(
      t,
      '/services/pow_challenge',
      { region: 'GB', mobile: gbMobile() },
      { device: 'pow-limit-b', ip },
    );
    expect(refused.status).toBe(ErrorCode.CAPTCHA_IP_LIMIT);
    expect(await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, 'pow-limit-b'))).toEqual(
      [],
    );
    // nor does an image get past it
    expect((await post(t, '/services/image_code', {}, { device: 'pow-limit-b', ip })).status).toBe(
      ErrorCode.CAPTCHA_IP_LIMIT,
    );
  });

  test('the SMS limits still hold with solved challenges: the mobile’s 60 s interval', async () => {
    const mobile = gbMobile();
    const ip = randomIp();
    const first = solve(await challengeFor(t, mobile, 'pow-int', ip));
    expect(
      (await requestSms(t, { region: 'GB', mobile, pow_solution: first }, { device: 'pow-int', ip })).status,
    ).toBe(0);
    const second = solve(await challengeFor(t, mobile, 'pow-int', ip));
    expect(
      (await requestSms(t, { region: 'GB', mobile, pow_solution: second }, { device: 'pow-int', ip })).status,
    ).toBe(ErrorCode.SMS_TOO_SOON);
  });

  test('no device id, a bad mobile or a malformed answer → 1002', async () => {
    expect((await post(t, '/services/pow_challenge', { region: 'GB', mobile: gbMobile() }, {})).status).toBe(
      1002,
    );
    expect(
      (await post(t, '/services/pow_challenge', { region: 'GB', mobile: '12' }, { device: 'd' })).status,
    ).toBe(1002);
    const bad = await requestSms(
      t,
      { region: 'GB', mobile: gbMobile(), pow_solution: '12ab' },
      { device: 'd', lang: 'en' },
    );
    expect(bad.status).toBe(1002);
    expect(Object.keys((bad.data as unknown as { fields: object }).fields)).toEqual(['pow_solution']);
  });
});

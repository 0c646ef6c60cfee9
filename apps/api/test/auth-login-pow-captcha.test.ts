// issue #16 (decision 014): the login's own captcha (after LOGIN_FREE_WRONG_CODES wrong codes for a
// mobile) takes the proof of work in place of the image, with the SMS request's guarantees.
import { CAPTCHA_TTL_S, ErrorCode, LOGIN_FREE_WRONG_CODES, translateError } from '@hk/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { captchas, sessions, smsCodes } from '../src/db/schema';
import { mobileLookupHash } from '../src/plugins/app/auth/mobile-identity';
import {
  type Challenge,
  gbMobile,
  hkMobile,
  type LoginData,
  login,
  post,
  requestSms,
  requestSmsSolving,
  solvePow as solve,
  solveCaptcha,
} from './auth-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

async function challengeFor(t: TestApp, region: string, mobile: string, device: string) {
  const res = await post<Challenge>(t, '/services/pow_challenge', { region, mobile }, { device });
  expect(res.status).toBe(0);
  return res.data;
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(DB_KINDS)('the login captcha’s proof-of-work alternative (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  /** The tries counted on the mobile's live code: a captcha refusal must leave them alone. */
  async function attemptsOf(region: 'HK' | 'GB', mobile: string) {
    const rows = await t.app.ctx.db
      .select({ attempts: smsCodes.attempts })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.mobileHash, mobileLookupHash(t.app.ctx.vault, region, mobile)),
          isNull(smsCodes.consumedAt),
        ),
      );
    return rows.map((r) => r.attempts).sort((a, b) => b - a)[0];
  }
  const sessionCount = async () =>
    (await t.app.ctx.db.select({ h: sessions.tokenHash }).from(sessions)).length;

  /** A code sent to a fresh HK mobile, then LOGIN_FREE_WRONG_CODES wrong ones: the login now wants a captcha. */
  async function mobileNeedingCaptcha(device: string) {
    const mobile = hkMobile();
    expect((await requestSmsSolving(t, { region: 'HK', mobile })).status).toBe(0);
    const code = t.sms.lastCodeFor(mobile)!;
    for (let i = 0; i < LOGIN_FREE_WRONG_CODES; i++)
      expect((await login(t, { region: 'HK', mobile, code: otherThan(code) }, { device })).status).toBe(
        ErrorCode.SMS_CODE_WRONG,
      );
    const bare = await login(t, { region: 'HK', mobile, code }, { device, lang: 'en' });
    expect(bare.status).toBe(ErrorCode.CAPTCHA_REQUIRED);
    expect(await attemptsOf('HK', mobile)).toBe(LOGIN_FREE_WRONG_CODES);
    return { mobile, code };
  }

  test(`after ${LOGIN_FREE_WRONG_CODES} wrong codes a solved challenge logs in in place of the image`, async () => {
    const device = 'login-pow-ok';
    const { mobile, code } = await mobileNeedingCaptcha(device);
    const pow_solution = solve(await challengeFor(t, 'HK', mobile, device));
    // stored like an image: hashed, the device's one slot, 5 minutes
    const [row] = await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, device));
    expect(row!.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.textHash).not.toContain(pow_solution);
    expect(row!.expiresAt.getTime() - t.clock.now.getTime()).toBe(CAPTCHA_TTL_S * 1000);

    const before = await sessionCount();
    const res = await login(t, { region: 'HK', mobile, code, pow_solution }, { device });
    expect(res.status).toBe(0);
    expect((res.data as LoginData).token).toHaveLength(43);
    expect(await sessionCount()).toBe(before + 1);
    // used up by the login
    const [spent] = await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, device));
    expect(spent!.usedAt).not.toBeNull();
  });

  test('a solution passes one login try only: replayed, it is refused like a wrong image and the code is not tried', async () => {
    const device = 'login-pow-replay';
    const { mobile, code } = await mobileNeedingCaptcha(device);
    const pow_solution = solve(await challengeFor(t, 'HK', mobile, device));
    // the captcha passes, the code is wrong: one more try on the code
    expect(
      (await login(t, { region: 'HK', mobile, code: otherThan(code), pow_solution }, { device })).status,
    ).toBe(ErrorCode.SMS_CODE_WRONG);
    expect(await attemptsOf('HK', mobile)).toBe(LOGIN_FREE_WRONG_CODES + 1);
    const imageWrong = await login(
      t,
      { region: 'HK', mobile, code, image_code: 'AAAA' },
      { device, lang: 'en' },
    );
    const replay = await login(t, { region: 'HK', mobile, code, pow_solution }, { device, lang: 'en' });
    expect(replay.status).toBe(ErrorCode.CAPTCHA_WRONG);
    expect(replay.info).toBe(imageWrong.info);
    expect(replay.info).toBe(translateError('en', 'code_captcha_wrong'));
    expect(await attemptsOf('HK', mobile)).toBe(LOGIN_FREE_WRONG_CODES + 1);
    // a fresh challenge: in
    const fresh = solve(await challengeFor(t, 'HK', mobile, device));
    expect((await login(t, { region: 'HK', mobile, code, pow_solution: fresh }, { device })).status).toBe(0);
  });

  test('expired, another device, another mobile and unsolved answers are refused with 8002, the code untried', async () => {
    const cases: Array<[string, (m: string) => Promise<{ device: string; sol: string }>]> = [
      [
        'expired',
        async (m) => {
          const sol = solve(await challengeFor(t, 'HK', m, 'lpow-exp'));
          t.clock.advance(CAPTCHA_TTL_S + 1);
          return { device: 'lpow-exp', sol };
        },
      ],
      [
        'another device',
        async (m) => {
          const sol = solve(await challengeFor(t, 'HK', m, 'lpow-dev-a'));
          await challengeFor(t, 'HK', m, 'lpow-dev-b');
          return { device: 'lpow-dev-b', sol };
        },
      ],
      [
        'another mobile',
        async () => ({ device: 'lpow-mob', sol: solve(await challengeFor(t, 'HK', hkMobile(), 'lpow-mob')) }),
      ],
      [
        'unsolved',
        async (m) => {
          const right = solve(await challengeFor(t, 'HK', m, 'lpow-guess'));
          return { device: 'lpow-guess', sol: right === '0' ? '1' : '0' };
        },
      ],
    ];
    for (const [name, make] of cases) {
      const { mobile, code } = await mobileNeedingCaptcha(`lpow-setup-${name}`);
      const { device, sol } = await make(mobile);
      const before = await sessionCount();
      const res = await login(t, { region: 'HK', mobile, code, pow_solution: sol }, { device, lang: 'en' });
      expect(res.status, name).toBe(ErrorCode.CAPTCHA_WRONG);
      expect(res.info, name).toBe(translateError('en', 'code_captcha_wrong'));
      expect(await sessionCount(), name).toBe(before);
      if (name !== 'expired') expect(await attemptsOf('HK', mobile), name).toBe(LOGIN_FREE_WRONG_CODES);
    }
    // a guess burns the challenge: the right number afterwards is refused too
    const device = 'lpow-burn';
    const { mobile, code } = await mobileNeedingCaptcha(device);
    const right = solve(await challengeFor(t, 'HK', mobile, device));
    const wrong = right === '7' ? '8' : '7';
    expect((await login(t, { region: 'HK', mobile, code, pow_solution: wrong }, { device })).status).toBe(
      ErrorCode.CAPTCHA_WRONG,
    );
    expect((await login(t, { region: 'HK', mobile, code, pow_solution: right }, { device })).status).toBe(
      ErrorCode.CAPTCHA_WRONG,
    );
    expect(await attemptsOf('HK', mobile)).toBe(LOGIN_FREE_WRONG_CODES);
  });

  test('a solution spent on the SMS request cannot be spent again on the login (one captcha, one call)', async () => {
    // a GB number needs the captcha for every SMS request
    const mobile = gbMobile();
    const device = 'lpow-cross';
    const pow_solution = solve(await challengeFor(t, 'GB', mobile, device));
    expect((await requestSms(t, { region: 'GB', mobile, pow_solution }, { device })).status).toBe(0);
    const code = t.sms.lastCodeFor(mobile)!;
    for (let i = 0; i < LOGIN_FREE_WRONG_CODES; i++)
      expect((await login(t, { region: 'GB', mobile, code: otherThan(code) }, { device })).status).toBe(
        ErrorCode.SMS_CODE_WRONG,
      );
    expect((await login(t, { region: 'GB', mobile, code, pow_solution }, { device })).status).toBe(
      ErrorCode.CAPTCHA_WRONG,
    );
    const fresh = solve(await challengeFor(t, 'GB', mobile, device));
    expect((await login(t, { region: 'GB', mobile, code, pow_solution: fresh }, { device })).status).toBe(0);
  });

  test('the image still works, and an image answer does not pass for a challenge (nor the reverse)', async () => {
    const device = 'lpow-image';
    const { mobile, code } = await mobileNeedingCaptcha(device);
    // the device's slot holds a challenge: an image text is refused
    solve(await challengeFor(t, 'HK', mobile, device));
    expect((await login(t, { region: 'HK', mobile, code, image_code: 'AC34' }, { device })).status).toBe(
      ErrorCode.CAPTCHA_WRONG,
    );
    // the slot holds an image: a number is refused
    await solveCaptcha(t, device);
    expect((await login(t, { region: 'HK', mobile, code, pow_solution: '12345' }, { device })).status).toBe(
      ErrorCode.CAPTCHA_WRONG,
    );
    const image_code = await solveCaptcha(t, device);
    expect((await login(t, { region: 'HK', mobile, code, image_code }, { device })).status).toBe(0);
  });

  test('without the need for a captcha a solution is ignored and not used up', async () => {
    const mobile = hkMobile();
    const device = 'lpow-free';
    expect((await requestSmsSolving(t, { region: 'HK', mobile })).status).toBe(0);
    solve(await challengeFor(t, 'HK', mobile, device));
    expect(
      (
        await login(
          t,
          { region: 'HK', mobile, code: t.sms.lastCodeFor(mobile)!, pow_solution: '1' },
          { device },
        )
      ).status,
    ).toBe(0);
    const [row] = await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, device));
    expect(row!.usedAt).toBeNull();
  });

  test('a malformed answer → 1002 on pow_solution', async () => {
    const bad = await login(
      t,
      { region: 'HK', mobile: hkMobile(), code: '123456', pow_solution: '12ab' },
      { device: 'd', lang: 'en' },
    );
    expect(bad.status).toBe(1002);
    expect(Object.keys((bad.data as unknown as { fields: object }).fields)).toEqual(['pow_solution']);
  });
});

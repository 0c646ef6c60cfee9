import { randomInt } from 'node:crypto';
import { maskMobile, SESSION_TTL_S, SMS_CODE_MAX_TRIES, translateError } from '@hk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applications, sessions, smsCodes, users } from '../src/db/schema';
import { sha256Hex } from '../src/lib/crypto';
import { mobileLookupHash } from '../src/plugins/app/auth/mobile-identity';
import {
  cnMobile,
  countAuthRows,
  gbMobile,
  hkMobile,
  type LoginData,
  login,
  loginNewUser,
  post,
  randomIp,
  requestSms,
  requestSmsSolving,
  solveCaptcha,
} from './auth-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';

const pgUrl = await findPostgres();

/** A code that is not `code` (for wrong tries). */
function otherThan(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe.each(DB_KINDS)('login with the SMS code (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  async function sendCode(region: 'CN' | 'HK' | 'GB' | 'MO', mobile: string) {
    const res = await requestSmsSolving(t, { region, mobile });
    expect(res.status).toBe(0);
    return t.sms.lastCodeFor(mobile)!;
  }
  const sentToLast = (mobile: string) => t.sms.sent.filter((m) => m.mobile === mobile).at(-1)?.to;
  const userOf = async (region: 'CN' | 'HK' | 'GB', mobile: string) =>
    (
      await t.app.ctx.db
        .select()
        .from(users)
        .where(eq(users.mobileHash, mobileLookupHash(t.app.ctx.vault, region, mobile)))
    )[0];

  describe('POST /V9/OpenAccountHk/check_verify_code', () => {
    test('a new user: created with the mobile encrypted, a session opened, status 0', async () => {
      const mobile = hkMobile();
      const code = await sendCode('HK', mobile);
      const device = 'device-login-1';
      const res = await post<LoginData>(
        t,
        '/V9/OpenAccountHk/check_verify_code',
        {
          region: 'HK',
          mobile,
          code,
          isRead: '1',
          inviteCode: 'INV42',
          ext: 'partner-ext',
          childOpenAcctChannel: 'ch7',
          source: 'partner_x',
          empId: 'E100',
        },
        { device },
      );
      expect(res.status).toBe(0);
      expect(res.data).toMatchObject({
        status: 0,
        region: 'HK',
        mobile_masked: maskMobile(mobile),
        expires_in: SESSION_TTL_S,
      });
      expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
      const user = await userOf('HK', mobile);
      expect(user!.id).toBe(res.data.uid);
      expect(user!.mobileEnc).not.toContain(mobile);
      expect(t.app.ctx.vault.decrypt(user!.mobileEnc)).toBe(mobile);
      expect(user!.mobileMasked).toBe(maskMobile(mobile));
      expect(user!.source).toBe('partner_x');
      expect(user!.signup).toEqual({
        inviteCode: 'INV42',
        ext: 'partner-ext',
        childOpenAcctChannel: 'ch7',
        empId: 'E100',
        isRead: '1',
      });
      const [session] = await t.app.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256Hex(res.data.token)));
      expect(session).toMatchObject({ userId: user!.id, deviceId: device, revokedAt: null });
      expect(session!.expiresAt.getTime() - t.clock.now.getTime()).toBe(SESSION_TTL_S * 1000);
    });

    test('the same user logs in again: same uid, a new token, status follows the application', async () => {
      const first = await loginNewUser(t);
      t.clock.advance(61);
      const code = await sendCode('HK', first.mobile);
      const again = await login(t, { region: 'HK', mobile: first.mobile, code });
      expect(again.data.uid).toBe(first.uid);
      expect(again.data.token).not.toBe(first.token);
      expect(again.data.status).toBe(0);

      await t.app.ctx.db.insert(applications).values({ userId: first.uid, markets: ['HKMargin'] });
      t.clock.advance(61);
      const third = await login(t, {
        region: 'HK',
        mobile: first.mobile,
        code: await sendCode('HK', first.mobile),
      });
      expect(third.data.status).toBe(1);
      await t.app.ctx.db.update(applications).set({ status: 1 }).where(eq(applications.userId, first.uid));
      t.clock.advance(61);
      const fourth = await login(t, {
        region: 'HK',
        mobile: first.mobile,
        code: await sendCode('HK', first.mobile),
      });
      expect(fourth.data.status).toBe(2);
      expect((await countAuthRows(t)).users).toBeGreaterThan(0);
    });

    test('the same digits in another region are another person', async () => {
      const digits = `66${randomInt(100_000, 999_999)}`; // a mobile both in Hong Kong and in Macao
      const hk = await loginNewUser(t, digits);
      const mo = await login(t, { region: 'MO', mobile: digits, code: await sendCode('MO', digits) });
      expect(mo.status).toBe(0);
      expect(mo.data.uid).not.toBe(hk.uid);
      expect(sentToLast(digits)).toBe(`+853${digits}`);
    });

    test('CN and GB users', async () => {
      const cn = cnMobile();
      const res = await login(t, { region: 'CN', mobile: cn, code: await sendCode('CN', cn) });
      expect(res.data).toMatchObject({ status: 0, region: 'CN', mobile_masked: maskMobile(cn) });
      const gb = gbMobile();
      const res2 = await login(t, { region: 'GB', mobile: `0${gb}`, code: await sendCode('GB', gb) });
      expect(res2.data).toMatchObject({ status: 0, region: 'GB', mobile_masked: maskMobile(gb) });
    });

    test('a wrong code → 8010 and one more attempt', async () => {
      const mobile = hkMobile();
      const code = await sendCode('HK', mobile);
      const res = await login(t, { region: 'HK', mobile, code: otherThan(code) }, { lang: 'en' });
      expect(res).toMatchObject({ status: 8010, info: 'The SMS code is wrong.', data: null });
      const [row] = await t.app.ctx.db
        .select()
        .from(smsCodes)
        .where(eq(smsCodes.mobileHash, mobileLookupHash(t.app.ctx.vault, 'HK', mobile)));
      expect(row!.attempts).toBe(1);
      expect(await userOf('HK', mobile)).toBeUndefined();
      expect((await login(t, { region: 'HK', mobile, code })).status).toBe(0);
    });

    test(`after ${SMS_CODE_MAX_TRIES} wrong tries the code is dead: the sixth try fails even when right`, async () => {
      const mobile = hkMobile();
      const code = await sendCode('HK', mobile);
      const device = `dev-${randomInt(1e9)}`;
      // after LOGIN_FREE_WRONG_CODES wrong codes each try also needs the image captcha
      const tryCode = async (c: string) =>
        (
          await login(
            t,
            { region: 'HK', mobile, code: c, image_code: await solveCaptcha(t, device) },
            { device },
          )
        ).status;
      for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) {
        expect(await tryCode(otherThan(code))).toBe(8010);
      }
      expect(await tryCode(code)).toBe(8012);
      expect(await tryCode(otherThan(code))).toBe(8012);
      expect(await userOf('HK', mobile)).toBeUndefined();
      // a new code starts afresh
      t.clock.advance(61);
      const fresh = await sendCode('HK', mobile);
      expect(await tryCode(fresh)).toBe(0);
    });

    test('an expired code → 8011', async () => {
      const mobile = hkMobile();
      const code = await sendCode('HK', mobile);
      t.clock.advance(300);
      expect((await login(t, { region: 'HK', mobile, code })).status).toBe(8011);
      expect(await userOf('HK', mobile)).toBeUndefined();
    });

    test('a code is good until its fifth minute ends', async () => {
      const mobile = hkMobile();
      const code = await sendCode('HK', mobile);
      t.clock.advance(299);
      expect((await login(t, { region: 'HK', mobile, code })).status).toBe(0);
    });

    test('a used code → 8011', async () => {
      const mobile = hkMobile();
      const code = await sendCode('HK', mobile);
      expect((await login(t, { region: 'HK', mobile, code })).status).toBe(0);
      const before = await countAuthRows(t);
      expect((await login(t, { region: 'HK', mobile, code })).status).toBe(8011);
      expect(await countAuthRows(t)).toEqual(before);
    });

    test('no code was ever sent → 8011', async () => {
      const res = await login(t, { region: 'HK', mobile: hkMobile(), code: '123456' }, { lang: 'zh-HK' });
      expect(res.status).toBe(8011);
      expect(res.info).toBe(translateError('zh-HK', 'code_sms_code_expired'));
    });

    test('a code sent to another mobile does not work', async () => {
      const a = hkMobile();
      const code = await sendCode('HK', a);
      expect((await login(t, { region: 'HK', mobile: hkMobile(), code })).status).toBe(8011);
      expect((await login(t, { region: 'CN', mobile: cnMobile(), code })).status).toBe(8011);
    });

    const badInputs: [string, Record<string, unknown>, string][] = [
      ['missing code', { region: 'HK', mobile: '91234567' }, 'code'],
      ['empty code', { region: 'HK', mobile: '91234567', code: '' }, 'code'],
      ['5-digit code', { region: 'HK', mobile: '91234567', code: '12345' }, 'code'],
      ['letters in the code', { region: 'HK', mobile: '91234567', code: '12a456' }, 'code'],
      ['missing mobile', { region: 'HK', code: '123456' }, 'mobile'],
      ['bad HK mobile', { region: 'HK', mobile: '1234', code: '123456' }, 'mobile'],
      ['bad CN mobile', { region: 'CN', mobile: '2380013800', code: '123456' }, 'mobile'],
      ['bad GB mobile', { region: 'GB', mobile: '12345678', code: '123456' }, 'mobile'],
      ['unknown region', { region: 'ZZ', mobile: '91234567', code: '123456' }, 'region'],
      ['oversize extra', { region: 'HK', mobile: '91234567', code: '123456', ext: 'x'.repeat(201) }, 'ext'],
    ];
    test.each(badInputs)('%s → 1002, nothing written', async (_name, params, field) => {
      const before = await countAuthRows(t);
      const res = await login(t, params as { region: string; mobile: string; code: string });
      expect(res.status).toBe(1002);
      expect(Object.keys((res.data as unknown as { fields: object }).fields)).toContain(field);
      expect(await countAuthRows(t)).toEqual(before);
    });

    test('a code as a JSON number → 1002', async () => {
      const res = await login(
        t,
        { region: 'HK', mobile: '91234567', code: 123456 as unknown as string },
        { json: true },
      );
      expect(res.status).toBe(1002);
    });
  });

  describe('POST /V9/OpenAccountHk/logout', () => {
    test('revokes the session; the token then gets 1001', async () => {
      const user = await loginNewUser(t);
      const out = await post(t, '/V9/OpenAccountHk/logout', {}, { token: user.token });
      expect(out).toMatchObject({ status: 0, data: {} });
      const [row] = await t.app.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256Hex(user.token)));
      expect(row!.revokedAt).not.toBeNull();
      const again = await post(t, '/V9/OpenAccountHk/logout', {}, { token: user.token, lang: 'en' });
      expect(again).toMatchObject({ status: 1001, info: 'Your session has expired. Please log in again.' });
      expect(again.http).toBe(200);
    });

    test('only the session logged out is revoked', async () => {
      const user = await loginNewUser(t);
      t.clock.advance(61);
      const code = await (async () => {
        await requestSmsSolving(t, { region: 'HK', mobile: user.mobile });
        return t.sms.lastCodeFor(user.mobile)!;
      })();
      const second = await login(t, { region: 'HK', mobile: user.mobile, code });
      expect((await post(t, '/V9/OpenAccountHk/logout', {}, { token: user.token })).status).toBe(0);
      expect((await post(t, '/V9/OpenAccountHk/logout', {}, { token: second.data.token })).status).toBe(0);
    });

    test('a random token, no token, or an expired session → 1001', async () => {
      const random = await post(t, '/V9/OpenAccountHk/logout', {}, { token: 'x'.repeat(43) });
      expect(random.status).toBe(1001);
      const none = await post(t, '/V9/OpenAccountHk/logout', {});
      expect(none.status).toBe(1001);
      const user = await loginNewUser(t);
      t.clock.advance(SESSION_TTL_S + 1);
      const expired = await post(t, '/V9/OpenAccountHk/logout', {}, { token: user.token });
      expect(expired.status).toBe(1001);
    });
  });

  test('many logins from one address: each is its own session', async () => {
    const ip = randomIp();
    const a = await loginNewUser(t, hkMobile(), { ip });
    const b = await loginNewUser(t, hkMobile(), { ip });
    expect(a.uid).not.toBe(b.uid);
    expect((await requestSms(t, { region: 'HK', mobile: hkMobile() }, { ip })).status).toBe(8001);
  });
});

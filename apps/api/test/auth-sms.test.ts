import {
  SMS_CODE_TTL_S,
  SMS_PER_IP_PER_HOUR,
  SMS_PER_MOBILE_PER_DAY,
  SMS_PER_MOBILE_PER_HOUR,
} from '@hk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { smsCodes } from '../src/db/schema';
import { mobileLookupHash } from '../src/plugins/app/auth/mobile-identity';
import {
  cnMobile,
  countAuthRows,
  gbMobile,
  hkMobile,
  login,
  randomIp,
  requestSms,
  requestSmsSolving,
  sentTo,
  solveCaptcha,
} from './auth-helpers';
import { DB_KINDS, findPostgres, signed, useTestApp } from './helpers';

const pgUrl = await findPostgres();

describe.each(DB_KINDS)('POST /V9/OpenAccountHk/request_verify_code (%s)', (kind) => {
  // One app per database kind: each test uses its own mobiles, addresses and devices, and compares
  // row counts before and after.
  const { t, test } = useTestApp(kind, pgUrl);

  const codesOf = (region: 'CN' | 'HK' | 'GB', mobile: string) =>
    t.app.ctx.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.mobileHash, mobileLookupHash(t.app.ctx.vault, region, mobile)));

  describe('sending', () => {
    test('sends 6 digits to +852… in the request language, stores only a keyed hash', async () => {
      const mobile = hkMobile();
      const before = await countAuthRows(t);
      const res = await requestSms(t, { region: 'HK', mobile }, { lang: 'en' });
      expect(res).toMatchObject({ status: 0, data: { interval: 60 }, http: 200 });
      const sent = sentTo(t, mobile);
      expect(sent).toHaveLength(1);
      const msg = sent[0]!;
      expect(msg.to).toBe(`+852${mobile}`);
      expect(msg.code).toMatch(/^\d{6}$/);
      expect(msg.body).toContain(msg.code);
      expect(msg.body).toContain('Harbour Peak Securities');
      expect(msg.body).toContain(`${SMS_CODE_TTL_S / 60} minutes`);

      const rows = await codesOf('HK', mobile);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.codeHash).not.toContain(msg.code);
      expect(rows[0]!.expiresAt.getTime() - t.clock.now.getTime()).toBe(SMS_CODE_TTL_S * 1000);
      const after = await countAuthRows(t);
      expect(after.smsCodes - before.smsCodes).toBe(1);
      expect(after.smsRequests - before.smsRequests).toBe(1);
      expect(after.users).toBe(before.users); // asking for a code registers nobody
    });

    test('writes the body in Simplified (default) and Traditional Chinese', async () => {
      const a = cnMobile();
      expect((await requestSms(t, { region: 'CN', mobile: a })).status).toBe(0);
      const cn = sentTo(t, a)[0]!;
      expect(cn.to).toBe(`+86${a}`);
      expect(cn.body).toContain('港峰证券');
      expect(cn.body).toContain('5分钟');
      const b = hkMobile();
      expect((await requestSms(t, { region: 'HK', mobile: b }, { lang: 'zh-HK' })).status).toBe(0);
      const hk = sentTo(t, b)[0]!;
      expect(hk.body).toContain('港峰證券');
      expect(hk.body).toContain('5分鐘');
    });

    test('accepts a CN number typed 3-4-4 with spaces, and JSON bodies', async () => {
      const mobile = cnMobile();
      const spaced = `${mobile.slice(0, 3)} ${mobile.slice(3, 7)} ${mobile.slice(7)}`;
      const res = await requestSms(t, { region: 'CN', mobile: spaced }, { json: true });
      expect(res.status).toBe(0);
      expect(sentTo(t, mobile)[0]!.to).toBe(`+86${mobile}`);
    });

    test('a new code cancels the previous one', async () => {
      const mobile = hkMobile();
      const ip = randomIp();
      await requestSms(t, { region: 'HK', mobile }, { ip });
      const first = t.sms.lastCodeFor(mobile)!;
      t.clock.advance(61);
      await requestSms(t, { region: 'HK', mobile }, { ip });
      const second = t.sms.lastCodeFor(mobile)!;
      const rows = await codesOf('HK', mobile);
      expect(rows.filter((r) => r.supersededAt !== null)).toHaveLength(1);
      if (first !== second) {
        expect((await login(t, { region: 'HK', mobile, code: first }, { ip })).status).toBe(8010);
      }
      expect((await login(t, { region: 'HK', mobile, code: second }, { ip })).status).toBe(0);
    });

    test('answers the same for a registered and an unknown mobile', async () => {
      const known = hkMobile();
      await requestSms(t, { region: 'HK', mobile: known });
      const code = t.sms.lastCodeFor(known)!;
      expect((await login(t, { region: 'HK', mobile: known, code })).status).toBe(0);
      t.clock.advance(61);
      const a = await requestSms(t, { region: 'HK', mobile: known });
      const b = await requestSms(t, { region: 'HK', mobile: hkMobile() });
      expect(a.status).toBe(0);
      expect(a).toEqual(b);
    });
  });

  describe('bad input: envelope error, nothing written, nothing sent', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['missing region', { mobile: '91234567' }, 'region'],
      ['unknown region', { region: 'XX', mobile: '91234567' }, 'region'],
      ['missing mobile', { region: 'HK' }, 'mobile'],
      ['empty mobile', { region: 'HK', mobile: '' }, 'mobile'],
      ['HK mobile of 7 digits', { region: 'HK', mobile: '9123456' }, 'mobile'],
      ['HK mobile of 9 digits', { region: 'HK', mobile: '912345678' }, 'mobile'],
      ['CN mobile not starting with 1', { region: 'CN', mobile: '23800138000' }, 'mobile'],
      ['CN mobile of 10 digits', { region: 'CN', mobile: '1380013800' }, 'mobile'],
      ['GB number outside its numbering plan', { region: 'GB', mobile: '12345678' }, 'mobile'],
      ['GB number too short', { region: 'GB', mobile: '74001' }, 'mobile'],
      ['captcha of the wrong length', { region: 'HK', mobile: '91234567', image_code: 'AB' }, 'image_code'],
      ['mobile far too long', { region: 'HK', mobile: '9'.repeat(60) }, 'mobile'],
    ];
    test.each(cases)('%s → 1002 with the field', async (_name, params, field) => {
      const before = await countAuthRows(t);
      const sentBefore = t.sms.sent.length;
      const res = await requestSms(t, params as { region: string; mobile: string });
      expect(res.status).toBe(1002);
      expect(res.http).toBe(200);
      expect(Object.keys((res.data as unknown as { fields: Record<string, string> }).fields)).toContain(
        field,
      );
      expect(t.sms.sent.length).toBe(sentBefore);
      expect(await countAuthRows(t)).toEqual(before);
    });

    test('says which field failed, in the request language', async () => {
      const res = await requestSms(t, { region: 'CN', mobile: '23800138000' }, { lang: 'en' });
      expect(res.data).toEqual({ fields: { mobile: 'Phone number format is wrong' } });
      expect(res.info).toBe('Phone number format is wrong');
      expect((await requestSms(t, { region: 'HK', mobile: '' })).info).toBe('手机号码不能为空');
      expect((await requestSms(t, { region: 'HK', mobile: '' }, { lang: 'zh-HK' })).info).toBe(
        '手機號碼不能為空',
      );
    });

    test('wrong types in a JSON body → 1002', async () => {
      const before = await countAuthRows(t);
      const res = await requestSms(
        t,
        { region: 'HK', mobile: 91234567 as unknown as string },
        { json: true },
      );
      expect(res.status).toBe(1002);
      const res2 = await requestSms(
        t,
        { region: ['HK'] as unknown as string, mobile: '91234567' },
        { json: true },
      );
      expect(res2.status).toBe(1002);
      expect(await countAuthRows(t)).toEqual(before);
    });

    test('a body over 64 KB → 413 envelope', async () => {
      const before = await countAuthRows(t);
      const params = signed(t, { region: 'HK', mobile: '91234567', pad: 'x'.repeat(70 * 1024) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/V9/OpenAccountHk/request_verify_code',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(params as Record<string, string>).toString(),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 1006, data: null });
      expect(await countAuthRows(t)).toEqual(before);
    });

    test('malformed JSON → 400 envelope', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/V9/OpenAccountHk/request_verify_code',
        headers: { 'content-type': 'application/json' },
        payload: '{"region":"HK","mobile":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 1005, data: null });
      expect(typeof res.json().info).toBe('string');
    });

    test('bad sign and stale _t are refused before anything is counted', async () => {
      const before = await countAuthRows(t);
      const sentBefore = t.sms.sent.length;
      const good = signed(t, { region: 'HK', mobile: hkMobile() });
      const badSign = await t.app.inject({
        method: 'POST',
        url: '/V9/OpenAccountHk/request_verify_code',
        payload: { ...good, _sign: 'f'.repeat(64) },
      });
      expect(badSign.json().status).toBe(1003);
      t.clock.advance(301);
      const stale = await t.app.inject({
        method: 'POST',
        url: '/V9/OpenAccountHk/request_verify_code',
        payload: good,
      });
      expect(stale.json().status).toBe(1004);
      expect(t.sms.sent.length).toBe(sentBefore);
      expect(await countAuthRows(t)).toEqual(before);
    });
  });

  describe('captcha (spec §5)', () => {
    test('GB needs it from the first SMS; then a solved captcha sends', async () => {
      const mobile = gbMobile();
      const device = 'device-gb-1';
      const first = await requestSms(t, { region: 'GB', mobile }, { device });
      expect(first.status).toBe(8001);
      expect(sentTo(t, mobile)).toHaveLength(0);
      expect(await codesOf('GB', mobile)).toHaveLength(0);
      const image_code = await solveCaptcha(t, device);
      const second = await requestSms(t, { region: 'GB', mobile, image_code }, { device });
      expect(second.status).toBe(0);
      expect(sentTo(t, mobile)[0]!.to).toBe(`+44${mobile}`);
    });

    test('a GB number typed with its trunk 0 is the same person', async () => {
      const mobile = gbMobile();
      const res = await requestSmsSolving(t, { region: 'GB', mobile: `0${mobile}` });
      expect(res.status).toBe(0);
      expect(sentTo(t, mobile)[0]!.to).toBe(`+44${mobile}`);
      t.clock.advance(10);
      const again = await requestSmsSolving(t, { region: 'GB', mobile });
      expect(again.status).toBe(8003);
    });

    test('the captcha is typed case-insensitively', async () => {
      const device = 'device-case';
      const text = await solveCaptcha(t, device);
      const res = await requestSms(
        t,
        { region: 'GB', mobile: gbMobile(), image_code: text.toLowerCase() },
        { device },
      );
      expect(res.status).toBe(0);
    });

    test('HK needs it on the third request within an hour', async () => {
      const mobile = hkMobile();
      const ip = randomIp();
      const device = 'device-hk-3';
      expect((await requestSms(t, { region: 'HK', mobile }, { ip, device })).status).toBe(0);
      t.clock.advance(61);
      expect((await requestSms(t, { region: 'HK', mobile }, { ip, device })).status).toBe(0);
      t.clock.advance(61);
      expect((await requestSms(t, { region: 'HK', mobile }, { ip, device })).status).toBe(8001);
      const image_code = await solveCaptcha(t, device, ip);
      expect((await requestSms(t, { region: 'HK', mobile, image_code }, { ip, device })).status).toBe(0);
      expect(sentTo(t, mobile)).toHaveLength(3);
    });

    test('asking from a new address does not avoid it: the mobile has asked twice', async () => {
      const mobile = hkMobile();
      expect((await requestSms(t, { region: 'HK', mobile })).status).toBe(0);
      t.clock.advance(61);
      expect((await requestSms(t, { region: 'HK', mobile })).status).toBe(0);
      t.clock.advance(61);
      expect((await requestSms(t, { region: 'HK', mobile }, { ip: randomIp() })).status).toBe(8001);
    });

    test('a refused request counts toward the rule: two quick asks make the third need it', async () => {
      const mobile = cnMobile();
      const ip = randomIp();
      expect((await requestSms(t, { region: 'CN', mobile }, { ip })).status).toBe(0);
      expect((await requestSms(t, { region: 'CN', mobile }, { ip })).status).toBe(8003);
      t.clock.advance(61);
      expect((await requestSms(t, { region: 'CN', mobile }, { ip })).status).toBe(8001);
    });

    test('a new mobile from an IP that asked twice needs it', async () => {
      const ip = randomIp();
      expect((await requestSms(t, { region: 'HK', mobile: hkMobile() }, { ip })).status).toBe(0);
      expect((await requestSms(t, { region: 'CN', mobile: cnMobile() }, { ip })).status).toBe(0);
      expect((await requestSms(t, { region: 'HK', mobile: hkMobile() }, { ip })).status).toBe(8001);
      // Another address, another fresh mobile: no captcha.
      expect((await requestSms(t, { region: 'HK', mobile: hkMobile() }, { ip: randomIp() })).status).toBe(0);
    });

    test('after an hour, CN/HK need no captcha again', async () => {
      const mobile = hkMobile();
      const ip = randomIp();
      await requestSms(t, { region: 'HK', mobile }, { ip });
      t.clock.advance(61);
      await requestSms(t, { region: 'HK', mobile }, { ip });
      t.clock.advance(3600);
      expect((await requestSms(t, { region: 'HK', mobile }, { ip })).status).toBe(0);
    });

    test('a wrong captcha → 8002, burns the captcha, sends nothing', async () => {
      const device = 'device-wrong';
      const mobile = gbMobile();
      const text = await solveCaptcha(t, device);
      const wrong = text === 'AAAA' ? 'CCCC' : 'AAAA';
      expect((await requestSms(t, { region: 'GB', mobile, image_code: wrong }, { device })).status).toBe(
        8002,
      );
      // single use: the right text no longer works after a wrong try
      expect((await requestSms(t, { region: 'GB', mobile, image_code: text }, { device })).status).toBe(8002);
      expect(sentTo(t, mobile)).toHaveLength(0);
      expect(await codesOf('GB', mobile)).toHaveLength(0);
    });

    test('a reused captcha → 8002', async () => {
      const device = 'device-reuse';
      const text = await solveCaptcha(t, device);
      const a = gbMobile();
      const b = gbMobile();
      expect((await requestSms(t, { region: 'GB', mobile: a, image_code: text }, { device })).status).toBe(0);
      expect((await requestSms(t, { region: 'GB', mobile: b, image_code: text }, { device })).status).toBe(
        8002,
      );
      expect(sentTo(t, b)).toHaveLength(0);
    });

    test('an expired captcha → 8002', async () => {
      const device = 'device-expired';
      const text = await solveCaptcha(t, device);
      t.clock.advance(301);
      expect(
        (await requestSms(t, { region: 'GB', mobile: gbMobile(), image_code: text }, { device })).status,
      ).toBe(8002);
    });

    test("another device's captcha → 8002", async () => {
      const text = await solveCaptcha(t, 'device-a');
      const res = await requestSms(
        t,
        { region: 'GB', mobile: gbMobile(), image_code: text },
        { device: 'device-b' },
      );
      expect(res.status).toBe(8002);
      const none = await requestSms(t, { region: 'GB', mobile: gbMobile(), image_code: text });
      expect(none.status).toBe(8002);
    });

    test('a newer captcha replaces the older one of the device', async () => {
      const device = 'device-replace';
      const older = await solveCaptcha(t, device);
      const before = (await countAuthRows(t)).captchas;
      const newer = await solveCaptcha(t, device);
      expect((await countAuthRows(t)).captchas).toBe(before);
      if (older !== newer) {
        const res = await requestSms(t, { region: 'GB', mobile: gbMobile(), image_code: older }, { device });
        expect(res.status).toBe(8002);
      } else {
        const res = await requestSms(t, { region: 'GB', mobile: gbMobile(), image_code: newer }, { device });
        expect(res.status).toBe(0);
      }
    });
  });

  describe('sending limits', () => {
    test('one per mobile per 60 s', async () => {
      const mobile = hkMobile();
      expect((await requestSms(t, { region: 'HK', mobile })).status).toBe(0);
      t.clock.advance(59);
      const soon = await requestSms(t, { region: 'HK', mobile });
      expect(soon.status).toBe(8003);
      expect(sentTo(t, mobile)).toHaveLength(1);
      expect(await codesOf('HK', mobile)).toHaveLength(1);
      t.clock.advance(2);
      // the refused ask counted toward the captcha rule: the third ask needs one
      expect((await requestSmsSolving(t, { region: 'HK', mobile })).status).toBe(0);
      expect(sentTo(t, mobile)).toHaveLength(2);
    });

    test(`at most ${SMS_PER_MOBILE_PER_HOUR} per mobile per hour`, async () => {
      const mobile = hkMobile();
      for (let i = 0; i < SMS_PER_MOBILE_PER_HOUR; i++) {
        expect((await requestSmsSolving(t, { region: 'HK', mobile })).status).toBe(0);
        t.clock.advance(61);
      }
      const over = await requestSmsSolving(t, { region: 'HK', mobile });
      expect(over.status).toBe(8004);
      expect(sentTo(t, mobile)).toHaveLength(SMS_PER_MOBILE_PER_HOUR);
      t.clock.advance(3600);
      expect((await requestSmsSolving(t, { region: 'HK', mobile })).status).toBe(0);
    });

    test(`at most ${SMS_PER_MOBILE_PER_DAY} per mobile per day`, async () => {
      const mobile = cnMobile();
      for (let i = 0; i < SMS_PER_MOBILE_PER_DAY; i++) {
        expect((await requestSmsSolving(t, { region: 'CN', mobile })).status).toBe(0);
        t.clock.advance(i % SMS_PER_MOBILE_PER_HOUR === SMS_PER_MOBILE_PER_HOUR - 1 ? 3601 : 61);
      }
      const over = await requestSmsSolving(t, { region: 'CN', mobile });
      expect(over.status).toBe(8005);
      expect(sentTo(t, mobile)).toHaveLength(SMS_PER_MOBILE_PER_DAY);
      t.clock.advance(24 * 3600);
      expect((await requestSmsSolving(t, { region: 'CN', mobile })).status).toBe(0);
    });

    test(`at most ${SMS_PER_IP_PER_HOUR} per IP per hour`, async () => {
      const ip = randomIp();
      const before = t.sms.sent.length;
      for (let i = 0; i < SMS_PER_IP_PER_HOUR; i++) {
        expect((await requestSmsSolving(t, { region: 'HK', mobile: hkMobile() }, { ip })).status).toBe(0);
      }
      const mobile = hkMobile();
      const over = await requestSmsSolving(t, { region: 'HK', mobile }, { ip });
      expect(over.status).toBe(8006);
      expect(t.sms.sent.length - before).toBe(SMS_PER_IP_PER_HOUR);
      // The same mobile from another address is not affected.
      expect((await requestSms(t, { region: 'HK', mobile }, { ip: randomIp() })).status).toBe(0);
    });
  });

  describe('provider failure', () => {
    test('→ 8007; the attempt is kept (send_failed_at) and counts toward the limits', async () => {
      const mobile = hkMobile();
      const ip = randomIp();
      const before = await countAuthRows(t);
      t.sms.failNext = true;
      const res = await requestSms(t, { region: 'HK', mobile }, { lang: 'en', ip });
      expect(res.status).toBe(8007);
      expect(res.info).toBe('The SMS could not be sent. Please try again later.');
      const after = await countAuthRows(t);
      expect(after.smsCodes - before.smsCodes).toBe(1);
      expect(after.smsRequests - before.smsRequests).toBe(1);
      const [row] = await codesOf('HK', mobile);
      expect(row!.sendFailedAt).not.toBeNull();
      expect(row!.sentAt).toBeNull();
      // a failing provider cannot be used to ask without limit: the 60 s rule runs from the attempt
      expect((await requestSms(t, { region: 'HK', mobile }, { ip })).status).toBe(8003);
      t.clock.advance(61);
      expect((await requestSmsSolving(t, { region: 'HK', mobile }, { ip })).status).toBe(0);
    });

    test('a failing send does not cancel the code sent before', async () => {
      const mobile = hkMobile();
      const ip = randomIp();
      await requestSms(t, { region: 'HK', mobile }, { ip });
      const code = t.sms.lastCodeFor(mobile)!;
      t.clock.advance(61);
      t.sms.failNext = true;
      expect((await requestSms(t, { region: 'HK', mobile }, { ip })).status).toBe(8007);
      const rows = await codesOf('HK', mobile);
      expect(rows).toHaveLength(2);
      const first = rows.find((r) => r.sentAt !== null)!;
      expect(first.supersededAt).toBeNull();
      expect((await login(t, { region: 'HK', mobile, code }, { ip })).status).toBe(0);
    });
  });
});

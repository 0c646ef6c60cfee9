import { randomInt } from 'node:crypto';
import { LOGIN_FREE_WRONG_CODES, LOGIN_WRONG_CODES_PER_IP_PER_HOUR } from '@hk/domain';
import { describe, expect } from 'vitest';
import { hkMobile, login, randomIp, requestSms, requestSmsSolving, solveCaptcha } from './auth-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

/** A 6-digit code that is not the right one. */
const wrongCode = (right: string) =>
  String((Number(right) + 1 + randomInt(1000)) % 1_000_000).padStart(6, '0');

async function sendCode(t: TestApp, mobile: string): Promise<string> {
  const sent = await requestSmsSolving(t, { region: 'HK', mobile }, { ip: randomIp() });
  expect(sent.status).toBe(0);
  return t.sms.lastCodeFor(mobile)!;
}

describe.each(DB_KINDS)('login guessing (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  test(`after ${LOGIN_FREE_WRONG_CODES} wrong codes for a mobile, login needs the image captcha`, async () => {
    const mobile = hkMobile();
    const code = await sendCode(t, mobile);
    const device = `dev-${randomInt(1e9)}`;
    const ip = randomIp();
    for (let i = 0; i < LOGIN_FREE_WRONG_CODES; i++) {
      // from different addresses too: the count is the mobile's
      const res = await login(t, { region: 'HK', mobile, code: wrongCode(code) }, { ip: randomIp(), device });
      expect(res.status).toBe(8010);
    }
    // even the right code needs the captcha now, and is not used up by the refusal
    expect((await login(t, { region: 'HK', mobile, code }, { ip, device })).status).toBe(8001);
    await solveCaptcha(t, device, ip);
    expect((await login(t, { region: 'HK', mobile, code, image_code: 'AAAA' }, { ip, device })).status).toBe(
      8002,
    );
    const text = await solveCaptcha(t, device, ip);
    const res = await login(t, { region: 'HK', mobile, code, image_code: text }, { ip, device });
    expect(res.status).toBe(0);
  });

  test('a person who got in starts again without the captcha', async () => {
    const mobile = hkMobile();
    const device = `dev-${randomInt(1e9)}`;
    const code = await sendCode(t, mobile);
    for (let i = 0; i < LOGIN_FREE_WRONG_CODES; i++)
      expect((await login(t, { region: 'HK', mobile, code: wrongCode(code) }, { device })).status).toBe(8010);
    const text = await solveCaptcha(t, device);
    expect((await login(t, { region: 'HK', mobile, code, image_code: text }, { device })).status).toBe(0);
    t.clock.advance(61);
    const next = await sendCode(t, mobile);
    expect((await login(t, { region: 'HK', mobile, code: next }, { device })).status).toBe(0);
  });

  test(`one network: ${LOGIN_WRONG_CODES_PER_IP_PER_HOUR} wrong codes an hour over every mobile, counted per /64`, async () => {
    const net = `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
    // a new address of the /64 for every try
    const attacker = () => `${net}:${randomInt(0xffff).toString(16)}::${randomInt(1, 0xffff).toString(16)}`;
    let wrong = 0;
    while (wrong < LOGIN_WRONG_CODES_PER_IP_PER_HOUR) {
      const mobile = hkMobile();
      const code = await sendCode(t, mobile);
      // stay under the per-mobile captcha rule: the network limit alone must stop this
      for (let i = 0; i < LOGIN_FREE_WRONG_CODES && wrong < LOGIN_WRONG_CODES_PER_IP_PER_HOUR; i++, wrong++) {
        const res = await login(t, { region: 'HK', mobile, code: wrongCode(code) }, { ip: attacker() });
        expect(res.status).toBe(8010);
      }
    }
    const victim = hkMobile();
    const code = await sendCode(t, victim);
    expect(
      (await login(t, { region: 'HK', mobile: victim, code: wrongCode(code) }, { ip: attacker() })).status,
    ).toBe(8013);
    // refused whatever it types, even the right code
    expect((await login(t, { region: 'HK', mobile: victim, code }, { ip: attacker() })).status).toBe(8013);
    // the owner on another network logs in: the refusals did not touch the code
    expect((await login(t, { region: 'HK', mobile: victim, code }, { ip: randomIp() })).status).toBe(0);
    // an hour later the network may try again
    t.clock.advance(3601);
    const later = hkMobile();
    const laterCode = await sendCode(t, later);
    expect(
      (await login(t, { region: 'HK', mobile: later, code: laterCode }, { ip: attacker() })).status,
    ).toBe(0);
  });

  test('image_code of the wrong shape → 1002 on the image_code field', async () => {
    const mobile = hkMobile();
    const res = await login(t, { region: 'HK', mobile, code: '123456', image_code: 'A' });
    expect(res.status).toBe(1002);
    expect(Object.keys((res.data as unknown as { fields: object }).fields)).toEqual(['image_code']);
    expect((await requestSms(t, { region: 'HK', mobile })).status).toBe(0);
  });
});

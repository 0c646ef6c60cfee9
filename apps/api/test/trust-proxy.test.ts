import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMS_PER_IP_PER_HOUR } from '@hk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { hkMobile, randomIp } from './auth-helpers';
import { createTestApp, DB_KINDS, findPostgres, signed, type TestApp } from './helpers';

const pgUrl = await findPostgres();
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hk-trust-proxy-'));
const trustProxyOf = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY: a hop count or the proxies’ addresses, never "trust everything"', () => {
  it('is off when unset, empty or 0', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
  });

  it('takes a number of proxies in front', () => {
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf(' 2 ')).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses, CIDRs and proxy-addr names', () => {
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.10,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
    ]);
    expect(trustProxyOf('loopback')).toEqual(['loopback']);
  });

  it('refuses "true" (it would let any client write its own address) and anything unreadable', () => {
    for (const value of ['true', 'TRUE', 'yes', '*'])
      expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
    for (const value of ['10.0.0.0/33', '0.0.0.0/0', '::/0', 'proxy.example', '1.2.3', '-1', '1.5'])
      expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
  });
});

interface Via {
  /** The TCP peer: the proxy, or the client itself. */
  remote: string;
  xff?: string;
  device?: string;
}

async function call(t: TestApp, url: string, params: Record<string, unknown>, via: Via) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: via.remote,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(via.xff ? { 'x-forwarded-for': via.xff } : {}),
      ...(via.device ? { 'device-id': via.device } : {}),
    },
    payload: new URLSearchParams(signed(t, params) as Record<string, string>).toString(),
  });
  return res.json() as { status: number; data: unknown };
}

const askSms = (t: TestApp, mobile: string, via: Via, image_code?: string) =>
  call(
    t,
    '/V9/OpenAccountHk/request_verify_code',
    { region: 'HK', mobile, ...(image_code ? { image_code } : {}) },
    via,
  ).then((r) => r.status);

async function captchaText(t: TestApp, via: Via & { device: string }): Promise<string> {
  expect((await call(t, '/services/image_code', {}, via)).status).toBe(0);
  const res = await t.app.inject({ method: 'GET', url: `/dev/captcha?device=${via.device}` });
  return res.json().data.text as string;
}

const forged = () => `${randomIp()}`;
const realClient = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(DB_KINDS)('per-client limits behind a proxy (%s)', (kind) => {
  const proxy = '10.255.0.1';
  let hop: TestApp;
  let list: TestApp;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    hop = await createTestApp(kind, { trustProxy: trustProxyOf('1') });
    list = await createTestApp(kind, { trustProxy: trustProxyOf('10.255.0.0/16') });
  });
  afterAll(async () => {
    await hop?.close();
    await list?.close();
  });
  const test = it.skipIf(kind === 'postgres' && !pgUrl);

  test('TRUST_PROXY=1: a rotating forged leftmost X-Forwarded-For does not reset the captcha rule', async () => {
    const real = realClient();
    // The proxy appends the address it saw: the client's own value stays on the left.
    const via = () => ({ remote: proxy, xff: `${forged()}, ${real}` });
    expect(await askSms(hop, hkMobile(), via())).toBe(0);
    expect(await askSms(hop, hkMobile(), via())).toBe(0);
    // the address asked twice this hour: spec §5 captcha, whatever the client wrote
    expect(await askSms(hop, hkMobile(), via())).toBe(8001);
    // another real client behind the same proxy is not affected
    expect(await askSms(hop, hkMobile(), { remote: proxy, xff: `${forged()}, ${realClient()}` })).toBe(0);
  });

  test(`TRUST_PROXY=1: the per-address SMS limit (${SMS_PER_IP_PER_HOUR}/h) holds under a forged X-Forwarded-For`, async () => {
    const real = realClient();
    const device = `dev-${randomInt(1e9)}`;
    const via = () => ({ remote: proxy, xff: `${forged()}, ${real}`, device });
    for (let i = 0; i < SMS_PER_IP_PER_HOUR; i++) {
      const text = await captchaText(hop, via());
      expect(await askSms(hop, hkMobile(), via(), text)).toBe(0);
    }
    const text = await captchaText(hop, via());
    expect(await askSms(hop, hkMobile(), via(), text)).toBe(8006);
  });

  test('a proxy list: X-Forwarded-For is read only from a listed proxy, and its rightmost unlisted entry counts', async () => {
    const real = realClient();
    const via = () => ({ remote: '10.255.9.9', xff: `${forged()}, ${real}` });
    expect(await askSms(list, hkMobile(), via())).toBe(0);
    expect(await askSms(list, hkMobile(), via())).toBe(0);
    expect(await askSms(list, hkMobile(), via())).toBe(8001);
    // a client that is not a listed proxy cannot name another address
    const direct = realClient();
    const fromClient = () => ({ remote: direct, xff: forged() });
    expect(await askSms(list, hkMobile(), fromClient())).toBe(0);
    expect(await askSms(list, hkMobile(), fromClient())).toBe(0);
    expect(await askSms(list, hkMobile(), fromClient())).toBe(8001);
  });

  test('IPv6 clients are counted per /64', async () => {
    const net = `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
    expect(await askSms(list, hkMobile(), { remote: `${net}::1` })).toBe(0);
    expect(await askSms(list, hkMobile(), { remote: `${net}:1:2:3:4` })).toBe(0);
    expect(await askSms(list, hkMobile(), { remote: `${net}::ffff` })).toBe(8001);
    // the next /64 is another client
    expect(
      await askSms(list, hkMobile(), { remote: `2001:db8:ffff:${randomInt(0xffff).toString(16)}::1` }),
    ).toBe(0);
  });
});

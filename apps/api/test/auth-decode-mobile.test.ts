import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMobileLink, encodeMobileLink } from '../src/plugins/app/auth/mobile-link';
import { post } from './auth-helpers';
import { createTestApp, signed, type TestApp } from './helpers';

const root = path.resolve(import.meta.dirname, '../../..');
const DAY = 86400_000;

describe('the partner-link scheme', () => {
  const key = randomBytes(32);
  const now = new Date('2026-11-25T10:00:00Z');
  const later = new Date(now.getTime() + DAY);

  it('is v1. + base64url(nonce 12 | ciphertext | tag 16) of {"r","m","exp"}', () => {
    const link = encodeMobileLink({ region: 'CN', mobile: '13800138000', expiresAt: later }, key);
    expect(link).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const plain = JSON.stringify({ r: 'CN', m: '13800138000', exp: Math.floor(later.getTime() / 1000) });
    expect(Buffer.from(link.slice(3), 'base64url').length).toBe(12 + Buffer.byteLength(plain) + 16);
    expect(link).not.toContain('13800138000');
    expect(decodeMobileLink(link, key, now)).toEqual({ region: 'CN', mobile: '13800138000' });
  });

  it('uses a fresh nonce each time', () => {
    const a = encodeMobileLink({ region: 'HK', mobile: '91234567', expiresAt: later }, key);
    const b = encodeMobileLink({ region: 'HK', mobile: '91234567', expiresAt: later }, key);
    expect(a).not.toBe(b);
  });

  it('refuses expired, tampered, foreign-key, malformed and invalid-number links', () => {
    const good = encodeMobileLink({ region: 'HK', mobile: '91234567', expiresAt: later }, key);
    expect(decodeMobileLink(good, key, new Date(later.getTime() + 1000))).toBeNull();
    const raw = Buffer.from(good.slice(3), 'base64url');
    raw[14] = raw[14]! ^ 1;
    expect(decodeMobileLink(`v1.${raw.toString('base64url')}`, key, now)).toBeNull();
    expect(decodeMobileLink(good, randomBytes(32), now)).toBeNull();
    expect(decodeMobileLink(`v2.${good.slice(3)}`, key, now)).toBeNull();
    expect(decodeMobileLink('v1.', key, now)).toBeNull();
    expect(decodeMobileLink('v1.@@@', key, now)).toBeNull();
    expect(decodeMobileLink('13800138000', key, now)).toBeNull();
    for (const [region, mobile] of [
      ['HK', '1234567'],
      ['CN', '23800138000'],
      ['GB', '12345678'],
      ['XX', '91234567'],
    ] as const) {
      const bad = encodeMobileLink({ region: region as 'HK', mobile, expiresAt: later }, key);
      expect(decodeMobileLink(bad, key, now)).toBeNull();
    }
  });
});

describe('POST /v1/Services/decode_mobile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });
  const linkFor = (region: 'CN' | 'HK' | 'GB', mobile: string, ttlMs = DAY) =>
    encodeMobileLink(
      { region, mobile, expiresAt: new Date(t.clock.now.getTime() + ttlMs) },
      t.config.linkKey,
    );

  it('answers the region and mobile of a valid link, no-store', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/Services/decode_mobile',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        signed(t, { mobile: linkFor('CN', '13800138000') }) as Record<string, string>,
      ).toString(),
    });
    expect(res.json()).toEqual({ status: 0, data: { region: 'CN', mobile: '13800138000' }, info: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    const gb = await post(t, '/v1/Services/decode_mobile', { mobile: linkFor('GB', '07400123456') });
    expect(gb.data).toEqual({ region: 'GB', mobile: '7400123456' });
  });

  it('an expired link → 8020', async () => {
    const link = linkFor('HK', '91234567', 60_000);
    t.clock.advance(61);
    const res = await post(t, '/v1/Services/decode_mobile', { mobile: link }, { lang: 'en' });
    expect(res).toMatchObject({
      status: 8020,
      info: 'The phone number in this link is not valid.',
      data: null,
    });
  });

  it('a tampered link or one made with another key → 8020', async () => {
    const link = linkFor('HK', '91234567');
    const flipped = `${link.slice(0, -2)}${link.at(-2) === 'A' ? 'B' : 'A'}${link.at(-1)}`;
    expect((await post(t, '/v1/Services/decode_mobile', { mobile: flipped })).status).toBe(8020);
    const foreign = encodeMobileLink(
      { region: 'HK', mobile: '91234567', expiresAt: new Date(t.clock.now.getTime() + DAY) },
      randomBytes(32),
    );
    expect((await post(t, '/v1/Services/decode_mobile', { mobile: foreign })).status).toBe(8020);
    expect((await post(t, '/v1/Services/decode_mobile', { mobile: '13800138000' })).status).toBe(8020);
  });

  it('a link to an invalid number → 8020', async () => {
    expect((await post(t, '/v1/Services/decode_mobile', { mobile: linkFor('HK', '123') })).status).toBe(8020);
    expect((await post(t, '/v1/Services/decode_mobile', { mobile: linkFor('GB', '12345678') })).status).toBe(
      8020,
    );
  });

  it('missing, empty or oversize mobile → 1002', async () => {
    for (const params of [{}, { mobile: '' }, { mobile: `v1.${'A'.repeat(600)}` }]) {
      const res = await post(t, '/v1/Services/decode_mobile', params);
      expect(res.status).toBe(1002);
      expect(Object.keys((res.data as { fields: object }).fields)).toEqual(['mobile']);
    }
  });
});

describe('scripts/make-mobile-link.ts', () => {
  it('makes a link the server decodes, with the key from LINK_KEY', async () => {
    const key = randomBytes(32);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/make-mobile-link.ts',
        '--region',
        'CN',
        '--mobile',
        '138 0013 8000',
        '--days',
        '2',
      ],
      { cwd: root, env: { ...process.env, LINK_KEY: key.toString('hex') } },
    );
    const link = stdout.trim();
    expect(decodeMobileLink(link, key, new Date())).toEqual({ region: 'CN', mobile: '13800138000' });
    expect(decodeMobileLink(link, key, new Date(Date.now() + 3 * DAY))).toBeNull();
  });

  it('refuses an invalid number', async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/make-mobile-link.ts', '--region', 'HK', '--mobile', '123'],
      { cwd: root, env: { ...process.env, LINK_KEY: randomBytes(32).toString('hex') } },
    );
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('not a valid HK') });
  });
});

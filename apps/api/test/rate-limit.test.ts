import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { randomIp } from './auth-helpers';
import { createTestApp, signed, type TestApp } from './helpers';
import { dropRedisPrefix, findRedis, uniqueRedisPrefix } from './redis-helpers';

const redisUrl = await findRedis();
const MAX = 5;

/** A signed API call (the region list: no database writes) from `ip`. */
async function call(t: TestApp, ip: string) {
  const query = new URLSearchParams(signed(t, { type: 'open' }) as Record<string, string>);
  const res = await t.app.inject({
    method: 'GET',
    url: `/user/login/get_region_list?${query}`,
    remoteAddress: ip,
    headers: { 'accept-language': 'en' },
  });
  return { http: res.statusCode, body: res.json() as { status: number; data: unknown; info: string }, res };
}

describe('RATE_LIMIT_PER_MINUTE, REDIS_URL, REDIS_KEY_PREFIX', () => {
  const env = { DATA_DIR: '/tmp/hk-rate-limit-config' };
  it('default to 300 requests a minute per client, in memory', () => {
    expect(loadConfig(env).rateLimit).toEqual({
      perMinute: 300,
      redisUrl: undefined,
      keyPrefix: 'hk-open-account:rate:',
    });
  });
  it('take a Redis URL, a prefix and a positive whole number', () => {
    expect(
      loadConfig({
        ...env,
        RATE_LIMIT_PER_MINUTE: '50',
        REDIS_URL: 'redis://127.0.0.1:6379/2',
        REDIS_KEY_PREFIX: 'x:',
      }).rateLimit,
    ).toEqual({ perMinute: 50, redisUrl: 'redis://127.0.0.1:6379/2', keyPrefix: 'x:' });
    for (const bad of ['0', '-1', '1.5', 'lots'])
      expect(() => loadConfig({ ...env, RATE_LIMIT_PER_MINUTE: bad })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ ...env, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });
});

describe('the general per-client request limit, in memory (no REDIS_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimit: { perMinute: MAX, redisUrl: undefined, keyPrefix: 'unused:' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`answers RATE_LIMITED (1009) with HTTP 429 past ${MAX} requests a minute, per client`, async () => {
    const ip = randomIp();
    for (let i = 0; i < MAX; i++) expect((await call(t, ip)).body.status).toBe(0);
    const refused = await call(t, ip);
    expect(refused.http).toBe(429);
    expect(refused.body).toMatchObject({ status: 1009, data: null });
    expect(refused.body.info).toMatch(/too many requests/i);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
    // another client is not affected
    expect((await call(t, randomIp())).body.status).toBe(0);
  });

  it('counts an IPv6 client per /64', async () => {
    const net = `2001:db8:77:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let i = 0; i < MAX; i++) expect((await call(t, `${net}::${i + 1}`)).body.status).toBe(0);
    expect((await call(t, `${net}:ffff::9`)).http).toBe(429);
  });

  it('does not count health checks, and still answers them past the limit', async () => {
    const ip = randomIp();
    for (let i = 0; i < MAX + 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    expect((await call(t, ip)).body.status).toBe(0);
  });

  it('counts refused requests too (an unsigned flood is limited)', async () => {
    const ip = randomIp();
    for (let i = 0; i < MAX; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/user/login/get_region_list',
        remoteAddress: ip,
      });
      expect(res.json().status).toBe(1004);
    }
    expect((await call(t, ip)).http).toBe(429);
  });
});

describe.skipIf(!redisUrl)('the general limit shared by two processes through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let alone: TestApp;
  const prefix = uniqueRedisPrefix('rate-limit');
  beforeAll(async () => {
    const shared = { perMinute: MAX, redisUrl: redisUrl!, keyPrefix: prefix };
    a = await createTestApp('pglite', { rateLimit: shared });
    b = await createTestApp('pglite', { rateLimit: shared });
    // same Redis, another prefix: another deployment
    alone = await createTestApp('pglite', { rateLimit: { ...shared, keyPrefix: `${prefix}other:` } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await alone?.close();
    if (redisUrl) await dropRedisPrefix(redisUrl, prefix);
  });

  it('two app instances count one client together', async () => {
    const ip = randomIp();
    for (let i = 0; i < MAX; i++) expect((await call(i % 2 ? a : b, ip)).body.status).toBe(0);
    expect((await call(a, ip)).http).toBe(429);
    expect((await call(b, ip)).body.status).toBe(1009);
    // the count lives in Redis under the prefix
    expect((await call(alone, ip)).body.status).toBe(0);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createVault } from '../src/lib/crypto';
import { ok } from '../src/lib/envelope';
import { RecordingSms, signed, TEST_SIGN_SECRET, type TestApp } from './helpers';

// Issue #5 §4.9: which routes skip `_t`/`_sign` is named, not implied by registration order. A
// route registered after the web app (after @fastify/static) is still signed-checked.
describe('routes that skip the request sign are named explicitly', () => {
  let dir: string;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const clock = { now: new Date() };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hk-unsigned-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const config = {
      ...loadConfig({ DATA_DIR: dir, SIGN_SECRET: TEST_SIGN_SECRET, NODE_ENV: 'test' }),
      webDistDir: dist,
    };
    database = await openDatabase({});
    app = await buildApp({
      config,
      db: database.db,
      vault: createVault(config.dataKey),
      sms: new RecordingSms(),
      now: () => clock.now,
    });
    // registered last, after the web app's static files
    app.get('/V9/OpenAccountHk/late_route', async () => ok({ reached: true }));
    app.get('/late-outside-the-api-prefixes', async () => ok({ reached: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/V9/OpenAccountHk/late_route', '/late-outside-the-api-prefixes'])(
    '%s, registered after the web app, refuses an unsigned request',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json()).toMatchObject({ status: 1004, data: null });
      const withSign = new URLSearchParams(signed({ clock } as TestApp, {}) as Record<string, string>);
      const good = await app.inject({ method: 'GET', url: `${url}?${withSign}` });
      expect(good.json()).toEqual({ status: 0, data: { reached: true }, info: 'ok' });
    },
  );

  it('the named exceptions still need no sign: health, the web app’s files and pages', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/userinfo/idcard' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    const index = await app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/dev/sms?mobile=91234567' })).json().status).toBe(0);
  });

  it('an API path unknown to the router is still the 404 envelope, not the web app', async () => {
    const res = await app.inject({ method: 'GET', url: '/V9/OpenAccountHk/no_such_route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 1007 });
  });
});

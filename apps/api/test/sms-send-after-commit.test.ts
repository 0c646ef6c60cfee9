import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { type Db, openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';
import { smsCodes, smsRequests } from '../src/db/schema';
import { createVault } from '../src/lib/crypto';
import { mobileLookupHash } from '../src/plugins/app/auth/mobile-identity';
import { createTwilioSmsProvider } from '../src/plugins/app/sms/twilio-sms-provider';
import { hkMobile, login, randomIp, requestSms } from './auth-helpers';
import { DB_KINDS, findPostgres, freshDatabaseUrl, TEST_SIGN_SECRET, type TestApp } from './helpers';

const pgUrl = await findPostgres();
const SLOW_MS = 5000;

/**
 * A local stand-in for Twilio: numbers in `slow` are answered after 5 s, numbers in `refuse` get
 * HTTP 500, the rest 201 at once. `received` resolves when a number's request has arrived.
 */
async function startTwilio() {
  const slow = new Set<string>();
  const refuse = new Set<string>();
  const bodies = new Map<string, string>();
  const arrived = new Map<string, () => void>();
  const waits = new Map<string, Promise<void>>();
  let n = 0;
  const received = (to: string) => {
    let p = waits.get(to);
    if (!p) {
      p = new Promise<void>((r) => arrived.set(to, r));
      waits.set(to, p);
    }
    return p;
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const to = form.get('To') ?? '';
    bodies.set(to, form.get('Body') ?? '');
    received(to);
    arrived.get(to)?.();
    if (slow.has(to)) await new Promise((r) => setTimeout(r, SLOW_MS));
    const status = refuse.has(to) ? 500 : 201;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status === 201 ? { sid: `SM${++n}`, status: 'queued' } : { code: 30001 }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    slow,
    refuse,
    bodies,
    received,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

type Fake = Awaited<ReturnType<typeof startTwilio>>;

/** The whole app on `kind`; on PostgreSQL with a pool of ONE connection, so any held connection shows. */
async function startApp(kind: (typeof DB_KINDS)[number], fake: Fake): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hk-sms-commit-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SIGN_SECRET: TEST_SIGN_SECRET, NODE_ENV: 'test' }),
    webDistDir: path.join(dataDir, 'no-web'),
  };
  const fresh = await freshDatabaseUrl(kind);
  const migrated = await openDatabase({ databaseUrl: fresh.url });
  let db: Db = migrated.db;
  let closeDb = () => migrated.close();
  if (fresh.url) {
    await migrated.close();
    const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
    db = drizzle(pool, { schema }) as unknown as Db;
    closeDb = () => pool.end();
  }
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const ctx: AppContext = {
    config,
    db,
    vault: createVault(config.dataKey),
    sms: createTwilioSmsProvider({
      accountSid: 'AC1',
      authToken: 'tok',
      from: '+15005550006',
      baseUrl: fake.baseUrl,
      timeoutMs: 20_000,
    }),
    now: () => clock.now,
  } as AppContext;
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    config,
    sms: undefined as never,
    clock,
    async close() {
      await app.close();
      await closeDb();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(DB_KINDS)('the SMS provider is called after the commit, outside any lock (%s)', (kind) => {
  let fake: Fake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startTwilio();
    if (kind === 'postgres' && !pgUrl) return;
    t = await startApp(kind, fake);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  const test = it.skipIf(kind === 'postgres' && !pgUrl);
  const codesOf = (mobile: string) =>
    t.app.ctx.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.mobileHash, mobileLookupHash(t.app.ctx.vault, 'HK', mobile)));

  test('while a 5 s provider is sending, /healthz and another client’s SMS request finish first', async () => {
    const slowMobile = hkMobile();
    const otherMobile = hkMobile();
    fake.slow.add(`+852${slowMobile}`);
    const order: string[] = [];
    const slow = requestSms(t, { region: 'HK', mobile: slowMobile }, { ip: randomIp() }).then((r) => {
      order.push('slow');
      return r;
    });
    await fake.received(`+852${slowMobile}`);
    // The code row is committed before the provider is asked: another connection sees it, unsent.
    const pending = await codesOf(slowMobile);
    order.push('row-read');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.sentAt).toBeNull();
    expect(pending[0]!.sendFailedAt).toBeNull();

    const health = t.app.inject({ method: 'GET', url: '/healthz' }).then((r) => {
      order.push('healthz');
      return r;
    });
    const other = requestSms(t, { region: 'HK', mobile: otherMobile }, { ip: randomIp() }).then((r) => {
      order.push('other');
      return r;
    });
    const [slowRes, healthRes, otherRes] = await Promise.all([slow, health, other]);
    expect(healthRes.statusCode).toBe(200);
    expect(otherRes.status).toBe(0);
    expect(slowRes.status).toBe(0);
    // Completion order, not durations: the slow send finished last.
    expect(order).toEqual(['row-read', expect.any(String), expect.any(String), 'slow']);
    expect(order.slice(1, 3).sort()).toEqual(['healthz', 'other']);

    // The send's result is recorded on the row.
    const [row] = await codesOf(slowMobile);
    expect(row!.sentAt).not.toBeNull();
    expect(row!.providerMessageId).toMatch(/^SM\d+$/);
    expect(row!.sendFailedAt).toBeNull();
  });

  test('a refused send answers 8007, keeps its rows and still counts toward the limits', async () => {
    const mobile = hkMobile();
    const ip = randomIp();
    fake.refuse.add(`+852${mobile}`);
    const refused = await requestSms(t, { region: 'HK', mobile }, { ip });
    expect(refused.status).toBe(8007);
    const rows = await codesOf(mobile);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sendFailedAt).not.toBeNull();
    expect(rows[0]!.sentAt).toBeNull();
    const asks = await t.app.ctx.db
      .select()
      .from(smsRequests)
      .where(eq(smsRequests.mobileHash, mobileLookupHash(t.app.ctx.vault, 'HK', mobile)));
    expect(asks).toHaveLength(1);
    // the 60 s interval runs from the refused attempt too
    fake.refuse.delete(`+852${mobile}`);
    expect((await requestSms(t, { region: 'HK', mobile }, { ip })).status).toBe(8003);
    // the code of a message that never left cannot log in
    const code = /\d{6}/.exec(fake.bodies.get(`+852${mobile}`) ?? '')![0];
    expect((await login(t, { region: 'HK', mobile, code }, { ip })).status).toBe(8011);
  });
});

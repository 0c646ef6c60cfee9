import { type StaffSession, StaffSessionSchema } from '@hk/domain/staff/contracts';
import { STAFF_SESSION_IDLE_MS } from '@hk/domain/staff/session-rules';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { staffEvents, staffMembers, staffSessions } from '../src/db/schema';
import { sha256Hex } from '../src/lib/crypto';
import { parseNetworkAllowList } from '../src/lib/network-allow-list';
import {
  createStaffAccount,
  DEMO_STAFF_PASSWORD,
  seedDemoStaff,
} from '../src/plugins/app/staff/staff-accounts';
import {
  currentTotpCode,
  hashStaffPassword,
  verifyStaffPassword,
} from '../src/plugins/app/staff/staff-credentials';
import { loginNewUser } from './auth-helpers';
import { createTestApp, DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();
const API = '/backoffice/api';
const PASSWORD = 'a long enough password';

interface Account {
  id: string;
  username: string;
  secret: string;
}

let seq = 0;
async function makeStaff(t: TestApp, roles: string[], language = 'en'): Promise<Account> {
  const username = `staff${++seq}.${Math.random().toString(36).slice(2, 8)}`;
  const made = await createStaffAccount(t.app.ctx, {
    username,
    displayName: `Staff ${seq}`,
    password: PASSWORD,
    roles,
    language,
  });
  return { id: made.id, username, secret: made.secret };
}

const code = (t: TestApp, a: Account) => currentTotpCode(a.secret, t.clock.now);

// Each username signs in from an address of its own unless a test says otherwise: the per-address
// sign-in limits (staff-sign-in-limits.test.ts) would otherwise join the suite's tests together.
const addresses = new Map<string, string>();
const addressOf = (username: unknown) => {
  const key = String(username).toLowerCase();
  if (!addresses.has(key))
    addresses.set(key, `10.200.${Math.floor(addresses.size / 250)}.${(addresses.size % 250) + 1}`);
  return addresses.get(key)!;
};

function signIn(
  t: TestApp,
  body: Record<string, unknown>,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/session`,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...opts.headers },
    payload: JSON.stringify(body),
    remoteAddress: opts.ip ?? addressOf(body.username),
  });
}

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  return header.split(';')[0]!;
}

async function signedIn(t: TestApp, a: Account) {
  const res = await signIn(t, { username: a.username, password: PASSWORD, totp: code(t, a) });
  expect(res.json().status).toBe(0);
  const session = z.parse(StaffSessionSchema, res.json().data) as StaffSession;
  return { cookie: cookieOf(res), csrf: session.csrfToken, session, res };
}

function call(
  t: TestApp,
  method: 'GET' | 'DELETE' | 'POST',
  path: string,
  opts: { cookie?: string; csrf?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: {
      'accept-language': 'en',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.csrf ? { 'x-csrf-token': opts.csrf } : {}),
      ...opts.headers,
    },
  });
}

async function eventsOf(t: TestApp, staffId: string) {
  return t.app.ctx.db
    .select()
    .from(staffEvents)
    .where(eq(staffEvents.staffId, staffId))
    .orderBy(asc(staffEvents.id));
}

describe.each(DB_KINDS)('staff sign-in and sessions (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  test('password + TOTP signs in: a session, an HttpOnly SameSite=Strict cookie on the API path, a CSRF token', async () => {
    const a = await makeStaff(t, ['reviewer']);
    const { res, session, cookie } = await signedIn(t, a);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^hk_staff_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/backoffice/api');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).not.toContain('Secure'); // not production
    expect(res.headers['cache-control']).toBe('no-store');
    expect(session.staff).toEqual({
      id: a.id,
      username: a.username,
      displayName: expect.any(String),
      roles: ['reviewer'],
      language: 'en',
    });
    expect(Date.parse(session.idleExpiresAt) - t.clock.now.getTime()).toBe(STAFF_SESSION_IDLE_MS);
    // the server keeps only a hash of the cookie's token
    const token = cookie.split('=')[1]!;
    const rows = await t.app.ctx.db.select().from(staffSessions).where(eq(staffSessions.staffId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // who am I
    const me = await call(t, 'GET', '/session', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.staff.username).toBe(a.username);
    expect((await eventsOf(t, a.id)).map((e) => e.type)).toEqual(['created', 'sign_in']);
    // the password is stored as argon2id, the TOTP secret sealed
    const [row] = await t.app.ctx.db.select().from(staffMembers).where(eq(staffMembers.id, a.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.totpSecretSealed).not.toContain(a.secret);
    expect(t.app.ctx.vault.decrypt(row!.totpSecretSealed!)).toBe(a.secret);
  });

  test('the username is found without case', async () => {
    const a = await makeStaff(t, ['reviewer']);
    t.clock.advance(30);
    const res = await signIn(t, { username: a.username.toUpperCase(), password: PASSWORD, totp: code(t, a) });
    expect(res.json().status).toBe(0);
  });

  test('wrong password, wrong code and unknown user get one answer, 401 5002', async () => {
    const a = await makeStaff(t, ['reviewer']);
    const answers = [
      await signIn(t, { username: a.username, password: 'not the password', totp: code(t, a) }),
      await signIn(t, {
        username: a.username,
        password: PASSWORD,
        totp: code(t, a) === '000000' ? '111111' : '000000',
      }),
      await signIn(t, { username: 'nobody.here', password: PASSWORD, totp: code(t, a) }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: 5002,
        data: null,
        info: 'The username, password or authenticator code is not correct.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const events = await eventsOf(t, a.id);
    expect(events.filter((e) => e.type === 'sign_in_failed').map((e) => e.data.reason)).toEqual([
      'password',
      'totp',
    ]);
    const [unknown] = await t.app.ctx.db
      .select()
      .from(staffEvents)
      .where(eq(staffEvents.username, 'nobody.here'));
    expect(unknown).toMatchObject({
      staffId: null,
      type: 'sign_in_failed',
      data: { reason: 'unknown_user' },
    });
    // nothing typed is kept but the username: no password, no code
    const all = JSON.stringify(await t.app.ctx.db.select().from(staffEvents));
    expect(all).not.toContain('not the password');
    expect(all).not.toContain(PASSWORD);
  });

  test('an unknown username costs what a wrong password does: argon2 verifies a decoy', async () => {
    // the verification alone (the request around it also writes events, whose time a loaded
    // machine varies far more); the fastest of several runs, which load can only slow down
    const stored = await hashStaffPassword(PASSWORD);
    const fastest = async (hash: string | null) => {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        expect(await verifyStaffPassword(hash, 'wrong wrong wrong')).toBe(false);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    await fastest(null); // the decoy hash is made once, on first use
    const known = await fastest(stored);
    const unknown = await fastest(null);
    // a skipped hash takes well under a millisecond; argon2id at 19 MiB takes tens
    expect(unknown).toBeGreaterThan(known / 2);
    expect(await verifyStaffPassword(stored, PASSWORD)).toBe(true);
    expect(await verifyStaffPassword(null, PASSWORD)).toBe(false);
  });

  test('a TOTP code works once: the same code again, even within its window, is refused', async () => {
    const a = await makeStaff(t, ['reviewer']);
    const first = code(t, a);
    expect((await signIn(t, { username: a.username, password: PASSWORD, totp: first })).json().status).toBe(
      0,
    );
    const again = await signIn(t, { username: a.username, password: PASSWORD, totp: first });
    expect([again.statusCode, again.json().status]).toEqual([401, 5002]);
    t.clock.advance(30); // the old code is still inside the drift window, and still refused
    expect((await signIn(t, { username: a.username, password: PASSWORD, totp: first })).json().status).toBe(
      5002,
    );
    expect(
      (await signIn(t, { username: a.username, password: PASSWORD, totp: code(t, a) })).json().status,
    ).toBe(0);
    const reasons = (await eventsOf(t, a.id))
      .filter((e) => e.type === 'sign_in_failed')
      .map((e) => e.data.reason);
    expect(reasons).toEqual(['totp_replayed', 'totp_replayed']);
  });

  test('two sign-ins racing with one code: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await makeStaff(t, ['approver']);
      const totp = code(t, a);
      const results = await Promise.all(
        [1, 2, 3].map(() => signIn(t, { username: a.username, password: PASSWORD, totp })),
      );
      expect(results.map((r) => r.json().status).sort()).toEqual([0, 5002, 5002]);
      const sessions = await t.app.ctx.db.select().from(staffSessions).where(eq(staffSessions.staffId, a.id));
      expect(sessions).toHaveLength(1);
    }
  });

  test('a success clears the failures from that address: two failures, a success, two more are not held up', async () => {
    // (the limits themselves: staff-sign-in-limits.test.ts)
    const a = await makeStaff(t, ['reviewer']);
    const fail = () => signIn(t, { username: a.username, password: 'wrong password!', totp: code(t, a) });
    for (let i = 0; i < 2; i++) expect((await fail()).json().status).toBe(5002);
    expect(
      (await signIn(t, { username: a.username, password: PASSWORD, totp: code(t, a) })).json().status,
    ).toBe(0);
    for (let i = 0; i < 2; i++) expect((await fail()).json().status).toBe(5002);
    t.clock.advance(30);
    expect(
      (await signIn(t, { username: a.username, password: PASSWORD, totp: code(t, a) })).json().status,
    ).toBe(0);
  });

  test('a session ends after 15 idle minutes; use keeps it going', async () => {
    const a = await makeStaff(t, ['reviewer']);
    const { cookie } = await signedIn(t, a);
    t.clock.advance(STAFF_SESSION_IDLE_MS / 1000 - 1);
    expect((await call(t, 'GET', '/session', { cookie })).json().status).toBe(0);
    t.clock.advance(STAFF_SESSION_IDLE_MS / 1000 - 1); // counted from the last use
    expect((await call(t, 'GET', '/session', { cookie })).json().status).toBe(0);
    t.clock.advance(STAFF_SESSION_IDLE_MS / 1000);
    const gone = await call(t, 'GET', '/session', { cookie });
    expect([gone.statusCode, gone.json().status]).toEqual([401, 5001]);
    // it stays ended, with one event
    t.clock.advance(1);
    expect((await call(t, 'GET', '/session', { cookie })).json().status).toBe(5001);
    const expired = (await eventsOf(t, a.id)).filter((e) => e.type === 'session_expired');
    expect(expired.map((e) => e.data.reason)).toEqual(['idle']);
  });

  test('a session ends 10 hours after sign-in however busy', async () => {
    const a = await makeStaff(t, ['reviewer']);
    const { cookie } = await signedIn(t, a);
    for (let minutes = 10; minutes < 600; minutes += 10) {
      t.clock.advance(600);
      expect((await call(t, 'GET', '/session', { cookie })).json().status).toBe(0);
    }
    t.clock.advance(600); // 10 h
    expect((await call(t, 'GET', '/session', { cookie })).json().status).toBe(5001);
    const [row] = await t.app.ctx.db.select().from(staffSessions).where(eq(staffSessions.staffId, a.id));
    expect(row!.endedReason).toBe('absolute');
  });

  test('sign-out ends the session on the server and clears the cookie', async () => {
    const a = await makeStaff(t, ['reviewer']);
    const { cookie, csrf } = await signedIn(t, a);
    const out = await call(t, 'DELETE', '/session', { cookie, csrf });
    expect([out.statusCode, out.json().status]).toEqual([200, 0]);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^hk_staff_session=; Path=\/backoffice\/api; Max-Age=0;/,
    );
    // the old cookie, replayed, is worth nothing
    expect((await call(t, 'GET', '/session', { cookie })).json().status).toBe(5001);
    expect((await call(t, 'DELETE', '/session', { cookie, csrf })).statusCode).toBe(401);
    expect((await eventsOf(t, a.id)).map((e) => e.type)).toEqual(['created', 'sign_in', 'sign_out']);
  });

  test('CSRF: a state-changing call without the token, or with another, is refused 403 and changes nothing', async () => {
    const a = await makeStaff(t, ['reviewer']);
    const { cookie, csrf } = await signedIn(t, a);
    const other = await signedIn(t, await makeStaff(t, ['reviewer']));
    for (const bad of [undefined, '', 'x', `${csrf.slice(0, -1)}A`, other.csrf, csrf.toUpperCase()]) {
      if (bad === csrf) continue;
      const res = await call(t, 'DELETE', '/session', {
        cookie,
        ...(bad !== undefined ? { csrf: bad } : {}),
      });
      expect([res.statusCode, res.json().status]).toEqual([403, 5005]);
    }
    expect((await call(t, 'GET', '/session', { cookie })).json().status).toBe(0);
    // without a session at all: 401
    expect((await call(t, 'DELETE', '/session', { csrf })).statusCode).toBe(401);
  });

  test("the applicant's token never authenticates a staff route", async () => {
    const applicant = await loginNewUser(t);
    for (const headers of [
      { authorization: `Bearer ${applicant.token}` } as Record<string, string>,
      { cookie: `hk_staff_session=${applicant.token}` },
      { cookie: `token=${applicant.token}` },
    ]) {
      const res = await call(t, 'GET', '/session', { headers });
      expect([res.statusCode, res.json().status]).toEqual([401, 5001]);
    }
    // and the staff API asks for no applicant signing (_t, _sign): the answer is the staff 401
    const res = await t.app.inject({ method: 'GET', url: `${API}/session?token=${applicant.token}` });
    expect(res.json().status).toBe(5001);
  });

  test('the permission table: a role without the permission is refused 403; with it, served', async () => {
    const reviewer = await makeStaff(t, ['reviewer']);
    const admin = await makeStaff(t, ['administrator']);
    const r = await signedIn(t, reviewer);
    const refused = await call(t, 'GET', '/staff-events', { cookie: r.cookie });
    expect([refused.statusCode, refused.json().status]).toEqual([403, 5004]);
    // the console's chosen language (its `lang` header) wins over the account's (en here)
    const inChinese = await call(t, 'GET', '/staff-events', { cookie: r.cookie, headers: { lang: 'zh-HK' } });
    expect(inChinese.json().info).toMatch(/[\u4e00-\u9fff]/);
    expect(refused.json().info).not.toMatch(/[\u4e00-\u9fff]/);
    const anonymous = await call(t, 'GET', '/staff-events');
    expect([anonymous.statusCode, anonymous.json().status]).toEqual([401, 5001]);
    const ad = await signedIn(t, admin);
    const listed = await call(t, 'GET', `/staff-events?staffId=${reviewer.id}`, { cookie: ad.cookie });
    expect(listed.json().status).toBe(0);
    expect(listed.json().data.events.map((e: { type: string }) => e.type)).toEqual(['sign_in', 'created']);
    expect(listed.json().data.events[0]).toMatchObject({
      staffId: reviewer.id,
      ip: addressOf(reviewer.username),
    });
    const bad = await call(t, 'GET', '/staff-events?limit=100000', { cookie: ad.cookie });
    // a field error is a business answer (HTTP 200, as in the rest of the API)
    expect([bad.statusCode, bad.json().status]).toEqual([200, 1002]);
  });

  test('bad sign-in bodies are refused as malformed or invalid, never 5xx', async () => {
    for (const payload of [
      '',
      '{',
      '[]',
      '{"username":"a"}',
      JSON.stringify({ username: 'a', password: 'b', totp: '12345' }),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/session`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect([1002, 1005]).toContain(res.json().status);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  test('answers in the staff member’s language once signed in', async () => {
    const a = await makeStaff(t, ['reviewer'], 'zh-HK');
    const reviewer = await signedIn(t, a);
    const refused = await call(t, 'GET', '/staff-events', { cookie: reviewer.cookie });
    expect(refused.json().info).toBe('您的角色無權執行此操作');
  });
});

// each test builds its own app (a configuration of its own): slower than the shared one above
describe('staff: production cookie, network allow-list, own listener, demo accounts', {
  timeout: 120_000,
}, () => {
  const run = async (
    overrides: Parameters<typeof createTestApp>[1],
    fn: (t: TestApp) => Promise<void>,
    surface?: 'public' | 'backoffice',
  ) => {
    const t = await createTestApp('pglite', overrides, surface ? { surface } : {});
    try {
      await fn(t);
    } finally {
      await t.close();
    }
  };

  it('the cookie is Secure in production', async () => {
    await run({ isProduction: true }, async (t) => {
      const a = await makeStaff(t, ['reviewer']);
      const res = await signIn(t, { username: a.username, password: PASSWORD, totp: code(t, a) });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    });
  });

  it('BACKOFFICE_ALLOW_NETWORKS: other clients get 404 on every back-office path', async () => {
    await run(
      {
        backoffice: {
          port: undefined,
          host: '127.0.0.1',
          allowNetworks: parseNetworkAllowList('10.0.0.0/8, 192.168.1.7, fd00::/8'),
        },
      },
      async (t) => {
        const a = await makeStaff(t, ['reviewer']);
        for (const ip of ['127.0.0.1', '11.0.0.1', '192.168.1.8', '::1', 'fe80::1'])
          for (const url of [
            `${API}/session`,
            '/BackOffice/api/session',
            '/%62ackoffice/api/session',
            '/backoffice',
          ])
            expect([
              ip,
              url,
              (await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode,
            ]).toEqual([ip, url, 404]);
        for (const ip of ['10.1.2.3', '192.168.1.7', '::ffff:10.9.9.9', 'fd12::5']) {
          const res = await t.app.inject({ method: 'GET', url: `${API}/session`, remoteAddress: ip });
          expect([ip, res.statusCode]).toEqual([ip, 401]);
        }
        const ok = await signIn(
          t,
          { username: a.username, password: PASSWORD, totp: code(t, a) },
          { ip: '10.0.0.9' },
        );
        expect(ok.json().status).toBe(0);
        // the applicant API is not restricted
        expect(
          (await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '11.0.0.1' })).statusCode,
        ).toBe(200);
      },
    );
  });

  it('BACKOFFICE_PORT: the public listener answers 404 under /backoffice, the back-office one only there', async () => {
    await run(
      {},
      async (t) => {
        expect((await t.app.inject({ method: 'GET', url: `${API}/session` })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: '/dev/staff-codes' })).statusCode).toBe(200);
      },
      'public',
    );
    await run(
      {},
      async (t) => {
        expect((await t.app.inject({ method: 'GET', url: `${API}/session` })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'GET', url: '/dev/staff-codes' })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: '/dev/sms?mobile=91234567' })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      },
      'backoffice',
    );
  });

  it('demo accounts: one per role and a second reviewer and approver, seeded once; /dev/staff-codes gives codes that sign in', async () => {
    await run({}, async (t) => {
      expect(await seedDemoStaff(t.app.ctx)).toHaveLength(7);
      expect(await seedDemoStaff(t.app.ctx)).toEqual([]);
      const res = await t.app.inject({ method: 'GET', url: '/dev/staff-codes' });
      expect(res.headers['cache-control']).toBe('no-store');
      const { accounts, password } = res.json().data;
      expect(password).toBe(DEMO_STAFF_PASSWORD);
      expect(accounts.map((x: { role: string }) => x.role).sort()).toEqual([
        'administrator',
        'approver',
        'approver',
        'content_editor',
        'operations',
        'reviewer',
        'reviewer',
      ]);
      const approver = accounts.find((x: { role: string }) => x.role === 'approver');
      const signed = await signIn(t, { username: approver.username, password, totp: approver.code });
      expect(signed.json().status).toBe(0);
      expect(signed.json().data.staff.language).toBe('zh-HK');
    });
  });

  it('no demo codes route in production', async () => {
    await run({ isProduction: true }, async (t) => {
      expect((await t.app.inject({ method: 'GET', url: '/dev/staff-codes' })).statusCode).toBe(404);
    });
  });
});

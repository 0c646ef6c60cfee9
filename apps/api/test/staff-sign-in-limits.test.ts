import {
  STAFF_ACCOUNT_LOCK_FAILURES,
  STAFF_ADDRESS_FREE_FAILURES,
  STAFF_PAIR_FREE_FAILURES,
} from '@hk/domain/staff/sign-in-limits';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffEvents } from '../src/db/schema';
import { createStaffAccount, unlockStaff } from '../src/plugins/app/staff/staff-accounts';
import { currentTotpCode } from '../src/plugins/app/staff/staff-credentials';
import { createTestApp, DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

// Issue #22 findings 1 and 2, docs/backoffice.md "Sign-in limits": a stranger cannot lock a staff
// member out, and a limited account tells nobody whether a password was right.

const pgUrl = await findPostgres();
const API = '/backoffice/api';
const PASSWORD = 'a long enough password';
// every test its own addresses: one suite's app (and database) serves all of them
let ipSeq = 0;
const freshIp = () => `10.${100 + Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}.9`;

interface Account {
  id: string;
  username: string;
  secret: string;
}

let seq = 0;
async function makeStaff(t: TestApp, roles: string[] = ['reviewer']): Promise<Account> {
  const username = `limit${++seq}.${Math.random().toString(36).slice(2, 8)}`;
  const made = await createStaffAccount(t.app.ctx, {
    username,
    displayName: `Staff ${seq}`,
    password: PASSWORD,
    roles,
  });
  return { id: made.id, username, secret: made.secret };
}

function signIn(t: TestApp, body: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/session`,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    payload: JSON.stringify(body),
    remoteAddress: ip,
  });
}

const code = (t: TestApp, a: Account) => currentTotpCode(a.secret, t.clock.now);
const right = (t: TestApp, a: Account) => ({ username: a.username, password: PASSWORD, totp: code(t, a) });
const wrong = (t: TestApp, a: Account | string, n = 0) => ({
  username: typeof a === 'string' ? a : a.username,
  password: `wrong password ${n}`,
  totp: typeof a === 'string' ? '123456' : code(t, a),
});

async function typesOf(t: TestApp, staffId: string) {
  const rows = await t.app.ctx.db
    .select()
    .from(staffEvents)
    .where(eq(staffEvents.staffId, staffId))
    .orderBy(asc(staffEvents.id));
  return rows.map((r) => r.type);
}

/** `n` failures that each were checked (5002): a limited attempt (429) is waited out and tried again. */
async function failChecked(t: TestApp, body: () => Record<string, unknown>, ip: string, n: number) {
  let failed = 0;
  let refused = 0;
  while (failed < n) {
    const res = await signIn(t, body(), ip);
    if (res.statusCode === 429) {
      refused++;
      t.clock.advance(Number(res.headers['retry-after']));
      continue;
    }
    expect(res.json().status).toBe(5002);
    failed++;
  }
  return refused;
}

describe.each(DB_KINDS)('staff sign-in limits (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  test("a stranger's 5 wrong passwords from one address do not stop the owner at another", async () => {
    const [OWNER_IP, STRANGER_IP] = [freshIp(), freshIp()];
    const a = await makeStaff(t);
    for (let i = 0; i < 5; i++) await signIn(t, wrong(t, a, i), STRANGER_IP);
    const owner = await signIn(t, right(t, a), OWNER_IP);
    expect([owner.statusCode, owner.json().status]).toEqual([200, 0]);
  });

  test("a stranger's 20 failures (each waited out), then the owner at another address signs in", async () => {
    const [OWNER_IP, STRANGER_IP] = [freshIp(), freshIp()];
    const a = await makeStaff(t);
    const refused = await failChecked(t, () => wrong(t, a), STRANGER_IP, 20);
    expect(refused).toBeGreaterThan(0); // the back-off held the stranger up
    // the stranger's address is still held up, with the right password too
    const stranger = await signIn(t, right(t, a), STRANGER_IP);
    expect([stranger.statusCode, stranger.json().status]).toEqual([429, 5007]);
    const owner = await signIn(t, right(t, a), OWNER_IP);
    expect([owner.statusCode, owner.json().status]).toEqual([200, 0]);
    const types = await typesOf(t, a.id);
    expect(types.filter((x) => x === 'sign_in_failed')).toHaveLength(20);
    expect(types).toContain('account_limited');
    expect(types).toContain('address_limited');
    expect(types).toContain('sign_in_refused_limited');
    expect(types).not.toContain('locked');
  });

  test('a burst of 20 attempts at once from one address: no more are checked than the limits allow', async () => {
    const STRANGER_IP = freshIp();
    const a = await makeStaff(t);
    const others = await Promise.all([makeStaff(t), makeStaff(t)]);
    // one username: the pair limit (3 a day from one address) holds under the burst
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(t, wrong(t, a, i), STRANGER_IP)),
    );
    const statuses = burst.map((r) => r.json().status as number);
    expect(statuses.filter((s) => s === 5002)).toHaveLength(STAFF_PAIR_FREE_FAILURES);
    expect(statuses.filter((s) => s === 5007)).toHaveLength(20 - STAFF_PAIR_FREE_FAILURES);
    // many usernames from a fresh address: the address limit (5 in 15 minutes) holds
    const SPRAY_IP = freshIp();
    const spray = await Promise.all(
      Array.from({ length: 21 }, (_, i) => signIn(t, wrong(t, [a, ...others][i % 3]!, i), SPRAY_IP)),
    );
    const sprayed = spray.map((r) => r.json().status as number);
    expect(sprayed.filter((s) => s === 5002)).toHaveLength(STAFF_ADDRESS_FREE_FAILURES);
    expect(sprayed.filter((s) => s === 5007)).toHaveLength(21 - STAFF_ADDRESS_FREE_FAILURES);
    // and the owner, elsewhere, still signs in
    const owner = await signIn(t, right(t, a), freshIp());
    expect([owner.statusCode, owner.json().status]).toEqual([200, 0]);
  });

  test('while limited, the right and a wrong password get the same answer, and nothing is used up', async () => {
    const STRANGER_IP = freshIp();
    const a = await makeStaff(t);
    for (let i = 0; i < STAFF_PAIR_FREE_FAILURES; i++)
      expect((await signIn(t, wrong(t, a, i), STRANGER_IP)).json().status).toBe(5002);
    const totp = code(t, a);
    const withRight = await signIn(t, { username: a.username, password: PASSWORD, totp }, STRANGER_IP);
    const withWrong = await signIn(t, { username: a.username, password: 'not it at all', totp }, STRANGER_IP);
    for (const res of [withRight, withWrong]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        status: 5007,
        data: null,
        info: 'Too many failed sign-ins from here. Please wait a few minutes, then try again.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(withRight.headers['retry-after']).toBe(withWrong.headers['retry-after']);
    expect(Number(withRight.headers['retry-after'])).toBeGreaterThan(0);
    // an unknown username from there after as many failures answers the same way
    const other = freshIp();
    for (let i = 0; i < STAFF_PAIR_FREE_FAILURES; i++) await signIn(t, wrong(t, 'nobody.here'), other);
    const unknown = await signIn(t, wrong(t, 'nobody.here'), other);
    expect([unknown.statusCode, unknown.json().status]).toEqual([429, 5007]);
    // once waited out, the same (unused) code signs in: the limited attempts checked nothing
    t.clock.advance(Number(withRight.headers['retry-after']));
    expect(
      (await signIn(t, { username: a.username, password: PASSWORD, totp }, STRANGER_IP)).json().status,
    ).toBe(0);
  });

  test('the limit counts the address the app trusts, never a forged X-Forwarded-For', async () => {
    const STRANGER_IP = freshIp();
    const a = await makeStaff(t);
    for (let i = 0; i < STAFF_ADDRESS_FREE_FAILURES; i++)
      await signIn(t, wrong(t, `nobody${i}.here`), STRANGER_IP, { 'x-forwarded-for': `203.0.113.${i}` });
    const res = await signIn(t, right(t, a), STRANGER_IP, { 'x-forwarded-for': '203.0.113.99' });
    expect([res.statusCode, res.json().status]).toEqual([429, 5007]);
  });

  test('per address across usernames: 5 failures on 5 usernames hold up every sign-in from there, not elsewhere', async () => {
    const a = await makeStaff(t);
    const b = await makeStaff(t);
    const ip = freshIp();
    await signIn(t, wrong(t, a), ip);
    for (let i = 1; i < STAFF_ADDRESS_FREE_FAILURES; i++) await signIn(t, wrong(t, `guess${i}.user`), ip);
    const held = await signIn(t, right(t, b), ip);
    expect([held.statusCode, held.json().status]).toEqual([429, 5007]);
    expect(held.headers['retry-after']).toBe('15');
    expect((await signIn(t, right(t, b), freshIp())).json().status).toBe(0);
    t.clock.advance(30);
    expect((await signIn(t, right(t, a), ip)).json().status).toBe(0);
    const events = await t.app.ctx.db
      .select()
      .from(staffEvents)
      .where(eq(staffEvents.type, 'address_limited'));
    expect(events.filter((e) => e.ip === ip)).toHaveLength(1);
  });

  test('an account-wide lock only after 50 failures from several addresses; then the same answer for right and wrong; an administrator unlocks', async () => {
    const OWNER_IP = freshIp();
    const a = await makeStaff(t);
    // 25 addresses, 2 failures each: under every per-address limit
    for (let i = 0; i < STAFF_ACCOUNT_LOCK_FAILURES; i++) {
      const res = await signIn(t, wrong(t, a, i), `10.77.${ipSeq}.${Math.floor(i / 2) + 1}`);
      expect(res.json().status).toBe(5002);
    }
    const withRight = await signIn(t, right(t, a), OWNER_IP);
    const withWrong = await signIn(t, wrong(t, a), OWNER_IP);
    for (const res of [withRight, withWrong]) {
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual({
        status: 5003,
        data: null,
        info: 'This account is locked after many failed sign-ins from several places. Ask an administrator to unlock it, or try again in an hour.',
      });
    }
    const types = await typesOf(t, a.id);
    expect(types.filter((x) => x === 'locked')).toHaveLength(1);
    expect(types.filter((x) => x === 'sign_in_failed')).toHaveLength(STAFF_ACCOUNT_LOCK_FAILURES);
    // 49 from one address never lock: the same count from one place is the per-address limit's
    await unlockStaff(t.app.ctx, a.username);
    expect((await typesOf(t, a.id)).at(-1)).toBe('unlocked');
    expect((await signIn(t, right(t, a), OWNER_IP)).json().status).toBe(0);
  });

  test('the lock runs out an hour after the failures', async () => {
    const OWNER_IP = freshIp();
    const a = await makeStaff(t);
    for (let i = 0; i < STAFF_ACCOUNT_LOCK_FAILURES; i++)
      await signIn(t, wrong(t, a, i), `10.78.${ipSeq}.${i + 1}`);
    expect((await signIn(t, right(t, a), OWNER_IP)).json().status).toBe(5003);
    t.clock.advance(60 * 60 + 1);
    expect((await signIn(t, right(t, a), OWNER_IP)).json().status).toBe(0);
  });

  test('administrators see the lock-out events (audit.read)', async () => {
    const [OWNER_IP, STRANGER_IP] = [freshIp(), freshIp()];
    const a = await makeStaff(t);
    const admin = await makeStaff(t, ['administrator']);
    for (let i = 0; i < STAFF_PAIR_FREE_FAILURES; i++) await signIn(t, wrong(t, a, i), STRANGER_IP);
    const signedIn = await signIn(t, right(t, admin), OWNER_IP);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/staff-events?staffId=${a.id}`,
      headers: { cookie },
    });
    const types = res.json().data.events.map((e: { type: string }) => e.type);
    expect(types).toContain('account_limited');
    const limited = res.json().data.events.find((e: { type: string }) => e.type === 'account_limited');
    expect(limited.ip).toBe(STRANGER_IP);
  });
});

// Two server processes on one PostgreSQL count the same failures: the state is in the database.
describe.skipIf(!pgUrl)('staff sign-in limits across two app instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp(
      'postgres',
      { dataKey: a.config.dataKey, linkKey: a.config.linkKey },
      { databaseUrl: a.databaseUrl! },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('failures on one instance limit the other', async () => {
    const [OWNER_IP, STRANGER_IP] = [freshIp(), freshIp()];
    b.clock.now = a.clock.now;
    const member = await makeStaff(a);
    for (let i = 0; i < STAFF_PAIR_FREE_FAILURES; i++)
      await signIn(i % 2 ? a : b, wrong(a, member, i), STRANGER_IP);
    const res = await signIn(b, right(b, member), STRANGER_IP);
    expect([res.statusCode, res.json().status]).toEqual([429, 5007]);
    expect((await signIn(a, right(a, member), OWNER_IP)).json().status).toBe(0);
  });
});

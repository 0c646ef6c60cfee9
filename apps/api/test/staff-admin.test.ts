import { STAFF_ACCOUNT_LOCK_FAILURES } from '@hk/domain/staff/sign-in-limits';
import { asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { staffEvents, staffMembers, staffSetupTokens } from '../src/db/schema';
import { sha256Hex } from '../src/lib/crypto';
import { createStaffAccount } from '../src/plugins/app/staff/staff-accounts';
import { currentTotpCode } from '../src/plugins/app/staff/staff-credentials';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

// The staff page's API and the first sign-in by a one-time link (issue #22, docs/backoffice.md
// "Staff page").

const pgUrl = await findPostgres();
const API = '/backoffice/api';
const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'my own new passphrase';

let seq = 0;
let ipSeq = 0;
const freshIp = () => `10.150.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

async function makeStaff(t: TestApp, roles: string[]) {
  const username = `admin${++seq}.${Math.random().toString(36).slice(2, 8)}`;
  const made = await createStaffAccount(t.app.ctx, {
    username,
    displayName: `Admin ${seq}`,
    password: PASSWORD,
    roles,
  });
  return { id: made.id, username, secret: made.secret };
}

async function signedIn(t: TestApp, roles: string[]) {
  const a = await makeStaff(t, roles);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/session`,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    payload: JSON.stringify({
      username: a.username,
      password: PASSWORD,
      totp: currentTotpCode(a.secret, t.clock.now),
    }),
    remoteAddress: freshIp(),
  });
  expect(res.json().status).toBe(0);
  return {
    ...a,
    cookie: String(res.headers['set-cookie']).split(';')[0]!,
    csrf: res.json().data.csrfToken as string,
  };
}

type Who = { cookie: string; csrf: string } | null;
function call(
  t: TestApp,
  who: Who,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  csrf = true,
) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: {
      'accept-language': 'en',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(who ? { cookie: who.cookie } : {}),
      ...(who && csrf ? { 'x-csrf-token': who.csrf } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    remoteAddress: '10.151.0.1',
  });
}

const newMember = (over: Record<string, unknown> = {}) => ({
  username: `new${++seq}.member`,
  displayName: 'New Member',
  roles: ['operations'],
  language: 'zh-HK',
  ...over,
});

async function typesOf(t: TestApp, staffId: string) {
  const rows = await t.app.ctx.db
    .select()
    .from(staffEvents)
    .where(eq(staffEvents.staffId, staffId))
    .orderBy(asc(staffEvents.id));
  return rows;
}

/** Opens the link's page and finishes it with the code the app would show. */
async function enrol(t: TestApp, token: string, password = NEW_PASSWORD) {
  const start = await call(t, null, 'POST', '/staff-setup/start', { token });
  expect(start.json().status).toBe(0);
  const secret = start.json().data.secret as string;
  const finish = await call(t, null, 'POST', '/staff-setup/finish', {
    token,
    password,
    totp: currentTotpCode(secret, t.clock.now),
  });
  return { start, finish, secret };
}

describe.each(DB_KINDS)('staff page API (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  test('only staff.manage: anonymous 401, other roles 403, without the CSRF token 403; nothing written', async () => {
    const reviewer = await signedIn(t, ['reviewer', 'approver', 'operations', 'content_editor']);
    const admin = await signedIn(t, ['administrator']);
    const before = (await t.app.ctx.db.select().from(staffMembers)).length;
    for (const [method, path, body] of [
      ['GET', '/staff', undefined],
      ['POST', '/staff', newMember()],
      ['PUT', `/staff/${admin.id}/roles`, { roles: ['operations'] }],
      ['POST', `/staff/${admin.id}/disable`, undefined],
      ['POST', `/staff/${admin.id}/enable`, undefined],
      ['POST', `/staff/${admin.id}/unlock`, undefined],
      ['POST', `/staff/${admin.id}/setup-link`, {}],
    ] as const) {
      const anonymous = await call(t, null, method, path, body);
      expect([anonymous.statusCode, anonymous.json().status]).toEqual([401, 5001]);
      const other = await call(t, reviewer, method, path, body);
      expect([other.statusCode, other.json().status]).toEqual([403, 5004]);
      if (method !== 'GET') {
        const noCsrf = await call(t, admin, method, path, body, false);
        expect([noCsrf.statusCode, noCsrf.json().status]).toEqual([403, 5005]);
      }
    }
    expect((await t.app.ctx.db.select().from(staffMembers)).length).toBe(before);
    expect((await call(t, admin, 'GET', '/staff')).json().status).toBe(0);
  });

  test('bad input: a field error for each field, never 5xx; an unknown member 404; a taken username 409', async () => {
    const admin = await signedIn(t, ['administrator']);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        newMember({ username: 'a b' }),
        'username',
        'The username must be 3 to 64 letters, digits, dots, underscores or hyphens.',
      ],
      [newMember({ displayName: '' }), 'displayName', 'Enter a name of 1 to 80 characters.'],
      [newMember({ roles: [] }), 'roles', 'Choose at least one role.'],
      [newMember({ roles: ['root'] }), 'roles', 'Choose at least one role.'],
      [newMember({ language: 'fr' }), 'language', expect.any(String) as unknown as string],
      [newMember({ linkValidHours: 1000 }), 'linkValidHours', expect.any(String) as unknown as string],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(t, admin, 'POST', '/staff', body);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(1002);
      expect(res.json().data.fields[field]).toEqual(message);
    }
    const made = newMember();
    expect((await call(t, admin, 'POST', '/staff', made)).json().status).toBe(0);
    const taken = await call(t, admin, 'POST', '/staff', { ...made, username: made.username.toUpperCase() });
    expect([taken.statusCode, taken.json().status]).toEqual([409, 5009]);
    const unknown = await call(t, admin, 'POST', '/staff/00000000-0000-4000-8000-000000000000/disable');
    expect([unknown.statusCode, unknown.json().status]).toEqual([404, 5006]);
    const badId = await call(t, admin, 'POST', '/staff/not-an-id/disable');
    expect(badId.statusCode).toBeLessThan(500);
  });

  test('create → a one-time link (hashed at rest) → the QR page → a code confirms → the member signs in', async () => {
    const admin = await signedIn(t, ['administrator']);
    const created = await call(t, admin, 'POST', '/staff', newMember({ linkValidHours: 4 }));
    expect(created.json().status).toBe(0);
    const { member, setupLink } = created.json().data;
    expect(member).toMatchObject({
      state: 'awaiting_setup',
      roles: ['operations'],
      language: 'zh-HK',
      lastSignInAt: null,
    });
    expect(Date.parse(setupLink.expiresAt) - t.clock.now.getTime()).toBe(4 * 60 * 60 * 1000);
    expect(member.setupLinkExpiresAt).toBe(setupLink.expiresAt);
    // only the hash is stored; no password, no authenticator yet
    const [link] = await t.app.ctx.db
      .select()
      .from(staffSetupTokens)
      .where(eq(staffSetupTokens.staffId, member.id));
    expect(link!.tokenHash).toBe(sha256Hex(setupLink.token));
    expect(JSON.stringify(link)).not.toContain(setupLink.token);
    // nobody signs in to an account awaiting its first sign-in
    const early = await t.app.inject({
      method: 'POST',
      url: `${API}/session`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: member.username, password: 'anything at all', totp: '123456' }),
      remoteAddress: freshIp(),
    });
    expect(early.json().status).toBe(5002);

    const start = await call(t, null, 'POST', '/staff-setup/start', { token: setupLink.token });
    const page = start.json().data;
    expect(page).toMatchObject({ username: member.username, displayName: 'New Member', language: 'zh-HK' });
    expect(page.otpauthUri).toBe(
      `otpauth://totp/Harbour%20Peak%20Securities:${member.username}?secret=${page.secret}&issuer=Harbour%20Peak%20Securities`,
    );
    expect(Buffer.from(page.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(
      /^<svg/,
    );
    // the page shows the same secret however often it is opened
    expect(
      (await call(t, null, 'POST', '/staff-setup/start', { token: setupLink.token })).json().data.secret,
    ).toBe(page.secret);

    // a wrong code, a short password: field errors, the link still open
    const wrongCode = await call(t, null, 'POST', '/staff-setup/finish', {
      token: setupLink.token,
      password: NEW_PASSWORD,
      totp: currentTotpCode(page.secret, t.clock.now) === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.json()).toMatchObject({ status: 1002, data: { fields: { totp: expect.any(String) } } });
    const short = await call(t, null, 'POST', '/staff-setup/finish', {
      token: setupLink.token,
      password: 'short',
      totp: currentTotpCode(page.secret, t.clock.now),
    });
    expect(short.json()).toMatchObject({
      status: 1002,
      data: { fields: { password: 'The password must be at least 12 characters long.' } },
    });

    const { finish } = await enrol(t, setupLink.token);
    expect(finish.json()).toMatchObject({ status: 0, data: { username: member.username } });
    // single use
    const again = await call(t, null, 'POST', '/staff-setup/start', { token: setupLink.token });
    expect([again.statusCode, again.json().status]).toEqual([404, 5008]);

    t.clock.advance(30); // the enrolment's code was used: the next one signs in
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${API}/session`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        username: member.username,
        password: NEW_PASSWORD,
        totp: currentTotpCode(page.secret, t.clock.now),
      }),
      remoteAddress: freshIp(),
    });
    expect(signIn.json().status).toBe(0);
    const listed = (await call(t, admin, 'GET', '/staff'))
      .json()
      .data.members.find((m: { id: string }) => m.id === member.id);
    expect(listed).toMatchObject({
      state: 'active',
      setupLinkExpiresAt: null,
      lastSignInAt: t.clock.now.toISOString(),
    });
    const events = await typesOf(t, member.id);
    expect(events.map((e) => e.type)).toEqual([
      'created',
      'setup_link_issued',
      'sign_in_failed',
      'enrolled',
      'sign_in',
    ]);
    expect(events[2]!.data).toEqual({ reason: 'not_enrolled' });
    expect(events[0]!.data).toMatchObject({
      by: admin.id,
      byUsername: admin.username,
      roles: ['operations'],
    });
  });

  test('an expired link, or one replaced by a newer, cannot be used', async () => {
    const firstAdmin = await signedIn(t, ['administrator']);
    const { member, setupLink } = (
      await call(t, firstAdmin, 'POST', '/staff', newMember({ linkValidHours: 1 }))
    ).json().data;
    t.clock.advance(60 * 60 + 1);
    const admin = await signedIn(t, ['administrator']); // the first one's session ended meanwhile (idle)
    expect(
      (await call(t, null, 'POST', '/staff-setup/start', { token: setupLink.token })).json().status,
    ).toBe(5008);
    expect(
      (await call(t, admin, 'GET', '/staff'))
        .json()
        .data.members.find((m: { id: string }) => m.id === member.id),
    ).toMatchObject({
      state: 'awaiting_setup',
      setupLinkExpiresAt: null,
    });
    const first = (await call(t, admin, 'POST', `/staff/${member.id}/setup-link`, {})).json().data.setupLink;
    const second = (
      await call(t, admin, 'POST', `/staff/${member.id}/setup-link`, { linkValidHours: 72 })
    ).json().data.setupLink;
    expect((await call(t, null, 'POST', '/staff-setup/start', { token: first.token })).json().status).toBe(
      5008,
    );
    expect((await enrol(t, second.token)).finish.json().status).toBe(0);
    const malformed = await call(t, null, 'POST', '/staff-setup/start', { token: 'x' });
    expect(malformed.json().status).toBe(1002);
  });

  test('separation of duties: nobody gives herself a deciding role, disables herself, resets her own sign-in or drops her own administration', async () => {
    const admin = await signedIn(t, ['administrator']);
    for (const roles of [
      ['administrator', 'reviewer'],
      ['administrator', 'approver'],
    ]) {
      const res = await call(t, admin, 'PUT', `/staff/${admin.id}/roles`, { roles });
      expect([res.statusCode, res.json().status]).toEqual([403, 5010]);
      expect(res.json().info).toContain('decides cases');
    }
    const drop = await call(t, admin, 'PUT', `/staff/${admin.id}/roles`, { roles: ['operations'] });
    expect([drop.statusCode, drop.json().status]).toEqual([403, 5010]);
    const self = await call(t, admin, 'POST', `/staff/${admin.id}/disable`);
    expect([self.statusCode, self.json().status]).toEqual([403, 5010]);
    // nor issues herself a new set-up link (reset sign-in): the console hides it, the API refuses it
    const reset = await call(t, admin, 'POST', `/staff/${admin.id}/setup-link`, {});
    expect([reset.statusCode, reset.json().status], reset.body).toEqual([403, 5010]);
    expect(reset.json().info).toContain('reset your own sign-in');
    expect(
      await t.app.ctx.db.select().from(staffSetupTokens).where(eq(staffSetupTokens.staffId, admin.id)),
    ).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(staffMembers).where(eq(staffMembers.id, admin.id));
    expect([row!.roles, row!.disabledAt]).toEqual([['administrator'], null]);
    expect(row!.passwordHash).not.toBeNull();
    // her session still works
    expect((await call(t, admin, 'GET', '/staff')).statusCode).toBe(200);
    // her own non-deciding change, and a deciding role for someone else, pass — with events
    expect(
      (
        await call(t, admin, 'PUT', `/staff/${admin.id}/roles`, {
          roles: ['administrator', 'content_editor'],
        })
      ).json().status,
    ).toBe(0);
    const other = await makeStaff(t, ['operations']);
    const granted = await call(t, admin, 'PUT', `/staff/${other.id}/roles`, { roles: ['approver'] });
    expect(granted.json()).toMatchObject({ status: 0, data: { member: { roles: ['approver'] } } });
    const events = await typesOf(t, other.id);
    expect(events.at(-1)).toMatchObject({
      type: 'roles_changed',
      data: { before: ['operations'], after: ['approver'], by: admin.id },
    });
  });

  test('disable ends sessions and sign-in; enable; unlock ends a lock; a reset makes the member enrol again', async () => {
    const admin = await signedIn(t, ['administrator']);
    const member = await signedIn(t, ['operations']);
    const disabled = await call(t, admin, 'POST', `/staff/${member.id}/disable`);
    expect(disabled.json().data.member.state).toBe('disabled');
    expect((await call(t, member, 'GET', '/session')).json().status).toBe(5001);
    expect((await call(t, admin, 'POST', `/staff/${member.id}/enable`)).json().data.member.state).toBe(
      'active',
    );

    // locked by many failures from many addresses; unlock
    for (let i = 0; i < STAFF_ACCOUNT_LOCK_FAILURES; i++)
      await t.app.inject({
        method: 'POST',
        url: `${API}/session`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          username: member.username,
          password: `wrong ${i} password`,
          totp: '123456',
        }),
        remoteAddress: `10.152.${seq}.${i + 1}`,
      });
    const listed = async () =>
      (await call(t, admin, 'GET', '/staff'))
        .json()
        .data.members.find((m: { id: string }) => m.id === member.id);
    expect((await listed()).state).toBe('locked');
    expect((await call(t, admin, 'POST', `/staff/${member.id}/unlock`)).json().data.member.state).toBe(
      'active',
    );

    // reset: the old password stops at once, the member enrols again by the new link
    const reset = (await call(t, admin, 'POST', `/staff/${member.id}/setup-link`, {})).json().data;
    expect(reset.member.state).toBe('awaiting_setup');
    t.clock.advance(30);
    const old = await t.app.inject({
      method: 'POST',
      url: `${API}/session`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        username: member.username,
        password: PASSWORD,
        totp: currentTotpCode(member.secret, t.clock.now),
      }),
      remoteAddress: freshIp(),
    });
    expect(old.json().status).toBe(5002);
    expect((await enrol(t, reset.setupLink.token)).finish.json().status).toBe(0);
    const types = (await typesOf(t, member.id)).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'disabled',
        'enabled',
        'locked',
        'unlocked',
        'totp_reset',
        'setup_link_issued',
        'enrolled',
      ]),
    );
  });
});

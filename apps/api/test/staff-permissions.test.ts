// One permission table (issue #23, packages/domain/src/staff/permissions.ts): every staff route of the
// built app has its entry and no entry names a route that is gone; each route refuses whoever the
// table refuses and lets through whoever it lets through. The console's half (its pages read the
// same table) is apps/backoffice/src/app/routes.test.ts.
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import { STAFF_ROUTES, type StaffRouteNeed, staffRouteNeed } from '@hk/domain/staff/permissions';
import { checkHasPermission, STAFF_ROLES, type StaffRole } from '@hk/domain/staff/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routesOf, type TestApp } from './helpers';
import { createStaff, type SignedInStaff, signInStaff } from './review-helpers';

const SOME_ID = '0b9f3c3e-8d55-4f7e-9a53-5a0c2f3b1c77';

/** A call of the route with every path parameter an id nobody has. */
function callOf(key: string) {
  const [method, path] = key.split(' ') as [string, string];
  return { method: method as 'GET' | 'POST' | 'PUT' | 'DELETE', path: path.replace(/:[A-Za-z]+/g, SOME_ID) };
}

describe('the staff permission table', () => {
  let t: TestApp;
  const members = new Map<StaffRole, SignedInStaff>();

  beforeAll(async () => {
    t = await createTestApp('pglite');
    for (const role of STAFF_ROLES) members.set(role, await signInStaff(t, await createStaff(t, [role])));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  function call(key: string, who: SignedInStaff | null) {
    const { method, path } = callOf(key);
    return t.app.inject({
      method,
      url: `${STAFF_API_PREFIX}${path}`,
      headers: {
        'accept-language': 'en',
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {}),
      },
      ...(method === 'GET' ? {} : { payload: '{}' }),
    });
  }

  it('names every staff route of the built app, and no route that is not there', () => {
    const staffRoutes = routesOf(t).filter((r) => r.url.startsWith(STAFF_API_PREFIX.toLowerCase()));
    expect(staffRoutes.length).toBeGreaterThan(50);
    // the router prints static parts lower-cased; the table's keys as written
    const tableKeys = new Map(Object.keys(STAFF_ROUTES).map((k) => [k.toLowerCase(), k]));
    const undeclared = staffRoutes
      .map((r) => `${r.method} ${r.url.slice(STAFF_API_PREFIX.length)}`)
      .filter((k) => !tableKeys.has(k.toLowerCase()));
    expect(undeclared).toEqual([]);
    const served = new Set(
      staffRoutes.map((r) => `${r.method} ${r.url.slice(STAFF_API_PREFIX.length)}`.toLowerCase()),
    );
    expect([...tableKeys.values()].filter((k) => !served.has(k.toLowerCase()))).toEqual([]);
  });

  it('refuses each route to whoever the table refuses, and lets through whoever it lets through', async () => {
    const problems: string[] = [];
    const entries = Object.entries(STAFF_ROUTES) as [string, StaffRouteNeed][];
    for (const [key, need] of entries) {
      if (need === 'anyone') continue;
      const anonymous = await call(key, null);
      if (anonymous.statusCode !== 401 || anonymous.json().status !== 5001)
        problems.push(`${key} anonymous: ${anonymous.statusCode} ${anonymous.body.slice(0, 80)}`);
      // signing out ends the member's session: its allowed call is the anonymous check above
      if (key === 'DELETE /session') continue;
      for (const role of STAFF_ROLES) {
        const allowed = need === 'signed_in' || checkHasPermission([role], need);
        const res = await call(key, members.get(role)!);
        const refused = res.statusCode === 403 && res.json().status === 5004;
        if (allowed === refused || res.statusCode === 401)
          problems.push(`${key} as ${role}: ${res.statusCode} ${res.body.slice(0, 80)} (table: ${need})`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('reads a HEAD call as its GET, and knows no call it does not name', () => {
    expect(staffRouteNeed('HEAD', '/cases')).toBe('case.read');
    expect(staffRouteNeed('get', '/cases/:id')).toBe('case.read');
    expect(staffRouteNeed('POST', '/cases')).toBeUndefined();
  });
});

import {
  CONSOLE_PAGE_CALLS,
  type ConsolePage,
  STAFF_ROUTES,
  type StaffRouteNeed,
} from '@hk/domain/staff/permissions';
import { checkHasPermission, STAFF_ROLES } from '@hk/domain/staff/roles';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteName } from './routes';

// The console offers nothing the API refuses (issue #23): each page's permission is the one table's
// entry of the call that loads it (packages/domain/src/staff/permissions.ts); the API's half of the
// table is apps/api/test/staff-permissions.test.ts.

const OPEN_TO_EVERY_SIGNED_IN = ['signIn', 'staffSetup', 'home'] as const satisfies readonly RouteName[];

describe('the console route table and the permission table', () => {
  it('gives each page the permission of the staff call that loads it', () => {
    for (const [name, route] of Object.entries(ROUTES) as [RouteName, (typeof ROUTES)[RouteName]][]) {
      if (!('permission' in route)) {
        expect(OPEN_TO_EVERY_SIGNED_IN, name).toContain(name);
        continue;
      }
      expect(Object.keys(CONSOLE_PAGE_CALLS), name).toContain(name);
      expect(route.permission, name).toBe(STAFF_ROUTES[CONSOLE_PAGE_CALLS[name as ConsolePage]]);
    }
  });

  it('names no page in the table that the console does not have', () => {
    expect(Object.keys(CONSOLE_PAGE_CALLS).filter((page) => !(page in ROUTES))).toEqual([]);
  });

  it('opens a page for a role exactly when the call that loads it lets the role through', () => {
    for (const page of Object.keys(CONSOLE_PAGE_CALLS) as ConsolePage[]) {
      const route = ROUTES[page];
      const need = STAFF_ROUTES[CONSOLE_PAGE_CALLS[page]] as StaffRouteNeed;
      for (const role of STAFF_ROLES)
        expect(checkHasPermission([role], route.permission), `${page} as ${role}`).toBe(
          need === 'signed_in' || (need !== 'anyone' && checkHasPermission([role], need)),
        );
    }
  });
});

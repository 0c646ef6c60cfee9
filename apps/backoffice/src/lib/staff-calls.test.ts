// @vitest-environment node
// Every call the console makes to its API is one the permission table declares (issue #23, decision
// 028): each exported function of the console's API modules (features/*/api, lib/*-api.ts) is called
// with stand-in arguments against a recording fetch, and each request (and each file address an API
// module builds for an <img> or a link) must match an entry of STAFF_ROUTES
// (packages/domain/src/staff/permissions.ts) by method and path. The API's half, that every route
// is guarded by its entry, is apps/api/test/staff-permissions.test.ts; the pages' permissions are
// routes.test.ts.
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import { STAFF_ROUTES } from '@hk/domain/staff/permissions';
import { afterEach, describe, expect, it, vi } from 'vitest';

const API_MODULES = import.meta.glob<Record<string, unknown>>(
  ['../features/*/api/*.ts', './*-api.ts', '!**/*.test.ts'],
  { eager: true },
);

/** A route of the table as a pattern: `GET /cases/:id` matches `GET /cases/x1`. */
const ROUTE_PATTERNS = Object.keys(STAFF_ROUTES).map((route) => {
  const [method, path] = route.split(' ') as [string, string];
  return { route, method, path: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`) };
});

/** The table's entry for a request, or undefined. */
export function routeOf(method: string, url: string): string | undefined {
  const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
  return ROUTE_PATTERNS.find((r) => r.method === method && r.path.test(path))?.route;
}

/** Stand-in arguments, one call each: strings for ids and values, except where a function reads more. */
const STAND_INS: Record<string, unknown[][]> = {
  importStatement: [['x1', new File(['date,amount\n'], 'statement.csv')]],
  staffAction: (['disable', 'enable', 'unlock'] as const).map((action) => ['x1', action]),
};
/** Exports of the API modules that make no call: the queue's filters read from and written to the address. */
const NOT_CALLS = [
  'features/review/api/review-api.ts queueQueryOf',
  'features/review/api/review-api.ts queueSearchOf',
];
const standIns = (name: string, arity: number): unknown[][] =>
  STAND_INS[name] ?? [Array.from({ length: Math.max(arity, 3) }, (_, i) => `x${i + 1}`)];

async function recordCalls(): Promise<{ calls: Map<string, string[]>; silent: string[] }> {
  const calls = new Map<string, string[]>();
  const silent: string[] = [];
  let current: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    current.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify({ status: 1, info: 'refused', data: null }), { status: 400 });
  });
  for (const [file, module] of Object.entries(API_MODULES))
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function' || /^use[A-Z]/.test(name)) continue;
      current = [];
      const fn = value as (...args: unknown[]) => unknown;
      for (const args of standIns(name, fn.length))
        try {
          const out = await fn(...args);
          if (typeof out === 'string' && out.startsWith(STAFF_API_PREFIX)) current.push(`GET ${out}`);
        } catch {}
      const key = `${file.replace(/^\.\.\//, '').replace(/^\.\//, 'lib/')} ${name}`;
      if (current.length) calls.set(key, current);
      else silent.push(key);
    }
  return { calls, silent };
}

afterEach(() => vi.unstubAllGlobals());

describe('the console calls only what the permission table declares', () => {
  it('matches every request of every API function with an entry of STAFF_ROUTES', async () => {
    const { calls, silent } = await recordCalls();
    expect(calls.size).toBeGreaterThan(45);
    // every exported function of an API module calls the API or builds one of its addresses
    expect(silent.sort()).toEqual(NOT_CALLS);
    const undeclared = [...calls].flatMap(([fn, requests]) =>
      requests.filter((r) => !routeOf(r.split(' ')[0]!, r.split(' ')[1]!)).map((r) => `${fn}: ${r}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('refuses a request the table does not declare (the matcher itself)', () => {
    expect(routeOf('GET', `${STAFF_API_PREFIX}/cases/c1`)).toBe('GET /cases/:id');
    expect(routeOf('GET', `${STAFF_API_PREFIX}/cases?state=open`)).toBe('GET /cases');
    expect(routeOf('DELETE', `${STAFF_API_PREFIX}/cases/c1`)).toBeUndefined();
    expect(routeOf('GET', `${STAFF_API_PREFIX}/cases/c1/secret`)).toBeUndefined();
  });
});

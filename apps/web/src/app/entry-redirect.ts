import { ROUTES } from '../lib/routes';

/**
 * spec §2 client routes whose screen lives at another path here (docs/flow-routes.md): a link to
 * the spec's path (a legacy hash link included) opens ours, keeping its query.
 */
export const SPEC_ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/signature': '/userinfo/signature',
};

/**
 * spec §2: "If the URL hash is empty, '#', '#/' or '#/login' while a token exists, the app goes to
 * the user centre." The original app used hash routes; ours are paths (docs/flow-routes.md
 * § Login and shell). Applied once, when the app is opened:
 * - a legacy link `/#/<path>` (or `/index.html#/<path>`) becomes `/<path>`, keeping the query;
 * - a spec route living at another path here (SPEC_ROUTE_ALIASES: /signature) becomes ours;
 * - with a stored token, opening `/` or `/login` (no hash, or one of the hashes above) goes to
 *   `/usercenter`, which forwards to the first unfinished step — unless the link names a mobile
 *   (spec §6: a partner link for a given number shows the login form).
 * In-app navigation to /login still shows the logged-in login screen.
 * Returns the path+query to replace the current entry with, or null to stay.
 */
export function entryRedirect(loc: { pathname: string; search: string; hash: string }, hasToken: boolean) {
  let path = loc.pathname.replace(/\/index\.html$/, '/');
  let search = loc.search;
  let hash = loc.hash;
  let changed = false;
  const legacy = /^#(\/[^?#]*)(\?[^#]*)?$/.exec(hash);
  if ((path === '/' || path === '') && legacy && legacy[1] !== '/') {
    path = legacy[1]!;
    if (legacy[2]) search = mergeQuery(search, legacy[2]);
    hash = '';
    changed = true;
  }
  const alias = SPEC_ROUTE_ALIASES[path.replace(/\/$/, '').toLowerCase()];
  if (alias) {
    path = alias;
    changed = true;
  }
  const atLogin = path === '/' || path.toLowerCase() === ROUTES.login.path.toLowerCase();
  const quietHash = ['', '#', '#/', '#/login'].includes(hash);
  const namesMobile = new URLSearchParams(search).has('mobile');
  if (hasToken && atLogin && quietHash && !namesMobile) return `${ROUTES.usercenter.path}${search}`;
  if (changed || (path === '/' && ['#', '#/', '#/login'].includes(hash))) return `${path}${search}`;
  return null;
}

function mergeQuery(a: string, b: string): string {
  const q = new URLSearchParams(a);
  for (const [k, v] of new URLSearchParams(b)) if (!q.has(k)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';

// Staff in a journey, through the console's real API (sign-in with password and authenticator
// code, CSRF token, the same calls the console makes): used to bring an application past the
// review when the journey under test starts after it (issue #15). The review itself is walked
// through the console's screens in backoffice-review.spec.ts.

interface StaffCodes {
  password: string;
  accounts: { username: string; role: string; code: string; validForSeconds: number }[];
}

// The demo accounts are shared by the journeys of every worker, and a code is accepted once (a
// second use is a replay, refused like a wrong code). As different people hold different phones,
// a code is claimed by one journey only: a file created exclusively per account and code, in a
// directory of this run (scripts/test-e2e.mjs), or of this server when run otherwise. A journey
// that finds the code taken waits for the authenticator's next one.
const CLAIMS_DIR =
  process.env.E2E_TOTP_CLAIMS_DIR ??
  path.join(
    tmpdir(),
    `hk-e2e-totp-${createHash('sha256')
      .update(process.env.E2E_BASE_URL ?? '')
      .digest('hex')
      .slice(0, 12)}`,
  );

/** True when this journey is the first to take `code` of `username`. */
function claimCode(username: string, code: string): boolean {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  try {
    closeSync(openSync(path.join(CLAIMS_DIR, `${username}-${code}`), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * The demo account of a role with its current authenticator code (development tools only), the
 * code claimed for this journey alone (above).
 */
export async function staffCode(
  request: APIRequestContext,
  role: string,
  opts: { after?: string; username?: string } = {},
) {
  const read = async () => {
    const res = await request.get('/dev/staff-codes');
    expect(res.ok()).toBe(true);
    const { data } = (await res.json()) as { data: StaffCodes };
    const account = data.accounts.find(
      (a) => a.role === role && (!opts.username || a.username === opts.username),
    );
    expect(account, `a demo account ${opts.username ?? role}`).toBeTruthy();
    return { password: data.password, ...account! };
  };
  let account = await read();
  // a code about to expire could lapse between typing and sending, and a code used once is refused
  // (replay): wait for the next one
  while (
    account.validForSeconds < 5 ||
    account.code === opts.after ||
    !claimCode(account.username, account.code)
  ) {
    await new Promise((r) => setTimeout(r, (account.validForSeconds + 1) * 1000));
    account = await read();
  }
  return account;
}

export interface StaffApi {
  role: string;
  username: string;
  /** The code this session was signed in with (a later action needing a code needs a newer one). */
  usedCode: string;
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T>;
  /** Any other answer than the expected HTTP status fails the journey. */
  raw: APIRequestContext;
  csrfToken: string;
  dispose(): Promise<void>;
}

/** A signed-in staff member of `role`, with a cookie jar of its own. */
export async function signInStaffApi(
  baseURL: string,
  role: string,
  lang = 'en',
  username?: string,
): Promise<StaffApi> {
  const raw = await playwrightRequest.newContext({ baseURL });
  const signInWith = (account: Awaited<ReturnType<typeof staffCode>>) =>
    raw.post('/backoffice/api/session', {
      data: { username: account.username, password: account.password, totp: account.code },
      headers: { lang },
    });
  let account = await staffCode(raw, role, { username });
  let signIn = await signInWith(account);
  // A demo account is shared by the journeys of every worker: if another signed in with this
  // code first, ours is a replay (refused like a wrong code). Once more, with the next code.
  if (signIn.status() === 401) {
    account = await staffCode(raw, role, { after: account.code, username });
    signIn = await signInWith(account);
  }
  expect(signIn.status(), await signIn.text()).toBe(200);
  const session = await raw.get('/backoffice/api/session');
  const { data } = (await session.json()) as { data: { csrfToken: string } };
  const headers = { 'x-csrf-token': data.csrfToken, lang };
  const unwrap = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    role,
    username: account.username,
    usedCode: account.code,
    raw,
    csrfToken: data.csrfToken,
    get: async (path) => unwrap(await raw.get(`/backoffice/api${path}`, { headers })),
    send: async (method, path, body) =>
      unwrap(await raw.fetch(`/backoffice/api${path}`, { method, data: body, headers })),
    dispose: () => raw.dispose(),
  };
}

interface CaseLite {
  case: { id: string; version: number };
  items: { key: string; decision: { verdict: string } | null }[];
}

/**
 * The whole review of one submitted application through the console's API: the reviewer takes
 * the case found by the applicant's name as the queue shows it (`<Chinese name> / <SURNAME Given>`,
 * applicantNameOfSnapshot), approves every item and recommends it; the approver
 * approves it with a fresh authenticator code (maker-checker). The applicant's status becomes 2.
 */
export async function approveThroughConsole(reviewer: StaffApi, approver: StaffApi, applicantName: string) {
  const queue = await reviewer.get<{ cases: { id: string; applicantName: string }[] }>(
    '/cases?sort=-submitted&pageSize=100',
  );
  const found = queue.cases.find((c) => c.applicantName === applicantName);
  expect(found, `a case of ${applicantName} in the queue`).toBeTruthy();
  const caseId = found!.id;
  let lite = await reviewer.get<CaseLite>(`/cases/${caseId}`);
  lite = await reviewer.send<CaseLite>('POST', `/cases/${caseId}/assign`, { version: lite.case.version });
  for (const item of lite.items.filter((i) => i.decision === null)) {
    lite = await reviewer.send<CaseLite>('PUT', `/cases/${caseId}/items/${item.key}`, {
      version: lite.case.version,
      verdict: 'approved',
      reasons: [],
      applicantComment: null,
      internalNote: null,
    });
  }
  lite = await reviewer.send<CaseLite>('POST', `/cases/${caseId}/recommend`, { version: lite.case.version });
  const code = await staffCode(approver.raw, 'approver', {
    after: approver.usedCode,
    username: approver.username,
  });
  approver.usedCode = code.code;
  lite = await approver.get<CaseLite>(`/cases/${caseId}`);
  await approver.send('POST', `/cases/${caseId}/approve`, { version: lite.case.version, totp: code.code });
  return caseId;
}

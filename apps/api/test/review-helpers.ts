// Helpers of the review suites (issue #14): an application brought to "submitted" through the
// applicant's calls (submit-helpers' `ready`, then the real submit call), staff accounts made as
// the staff command makes them, signed in with password + TOTP through the real sign-in call, and
// the console's calls with the session cookie and CSRF token.
import { STAFF_API_PREFIX, type StaffSession, StaffSessionSchema } from '@hk/domain/staff/contracts';
import type { StaffRole } from '@hk/domain/staff/roles';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { applications, reviewCases } from '../src/db/schema';
import { createStaffAccount } from '../src/plugins/app/staff/staff-accounts';
import { currentTotpCode } from '../src/plugins/app/staff/staff-credentials';
import type { Applicant } from './flow-step-helpers';
import type { TestApp } from './helpers';
import { ready, submit } from './submit-helpers';

export const STAFF_PASSWORD = 'a long enough password';

export interface StaffAccount {
  id: string;
  username: string;
  secret: string;
  roles: StaffRole[];
}

export interface SignedInStaff extends StaffAccount {
  cookie: string;
  csrf: string;
}

let seq = 0;
export async function createStaff(t: TestApp, roles: StaffRole[], language = 'en'): Promise<StaffAccount> {
  const username = `rev${++seq}.${Math.random().toString(36).slice(2, 8)}`;
  const made = await createStaffAccount(t.app.ctx, {
    username,
    displayName: `${roles.join('+')} ${seq}`,
    password: STAFF_PASSWORD,
    roles,
    language,
  });
  return { id: made.id, username, secret: made.secret, roles };
}

/** The code the staff member's authenticator shows now (the test clock). */
export const totpNow = (t: TestApp, a: StaffAccount) => currentTotpCode(a.secret, t.clock.now);

/**
 * Signs in with password and TOTP through POST /session; answers the cookie and CSRF token. A code
 * works once: the clock moves on to the next 30-second step first, so a staff member can sign in
 * again (or approve) right after.
 */
export async function signInStaff(t: TestApp, a: StaffAccount): Promise<SignedInStaff> {
  t.clock.advance(30);
  const res = await t.app.inject({
    method: 'POST',
    url: `${STAFF_API_PREFIX}/session`,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    payload: JSON.stringify({ username: a.username, password: STAFF_PASSWORD, totp: totpNow(t, a) }),
  });
  expect(res.json().status, res.body).toBe(0);
  const session = z.parse(StaffSessionSchema, res.json().data) as StaffSession;
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!;
  return { ...a, cookie, csrf: session.csrfToken };
}

export function staffCall(
  t: TestApp,
  who: SignedInStaff | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  opts: { csrf?: boolean } = {},
) {
  return t.app.inject({
    method,
    url: `${STAFF_API_PREFIX}${path}`,
    headers: {
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? { cookie: who.cookie } : {}),
      ...(who && opts.csrf !== false && method !== 'GET' ? { 'x-csrf-token': who.csrf } : {}),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export interface SubmittedApplication {
  applicant: Applicant;
  applicationId: string;
  caseId: string;
}

/** An applicant who filled in every step and submitted through the submit call; their case's id. */
export async function submittedApplication(t: TestApp): Promise<SubmittedApplication> {
  const applicant = await ready(t);
  const res = await submit(t, applicant);
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  const [app] = await t.app.ctx.db
    .select()
    .from(applications)
    .where(eq(applications.userId, applicant.userId));
  const [c] = await t.app.ctx.db
    .select()
    .from(reviewCases)
    .where(eq(reviewCases.applicationId, app!.id))
    .orderBy(reviewCases.submissionNumber);
  return { applicant, applicationId: app!.id, caseId: c!.id };
}

import { type StaffSession, StaffSessionSchema, type StaffSignInRequest } from '@hk/domain/staff/contracts';
import * as z from 'zod/mini';
import { callStaffApi } from './api';

/** GET /backoffice/api/session: who is signed in on this browser (401: nobody). */
export function fetchSession(): Promise<StaffSession> {
  return callStaffApi('/session', { schema: StaffSessionSchema });
}

/** POST /backoffice/api/session: sign in with a password and the current TOTP code. */
export function createSession(request: StaffSignInRequest): Promise<StaffSession> {
  return callStaffApi('/session', {
    method: 'POST',
    body: request,
    schema: StaffSessionSchema,
    isSignIn: true,
  });
}

/** DELETE /backoffice/api/session (with the CSRF header): sign out. */
export async function deleteSession(): Promise<void> {
  await callStaffApi('/session', { method: 'DELETE', schema: z.nullish(z.unknown()) });
}

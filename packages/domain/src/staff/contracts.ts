// Contracts of the staff console's sign-in calls (issue #14, docs/backoffice.md). The console's API
// lives under /backoffice/api; its session cookie is scoped to that path, so the applicant's app
// never sends it, and the applicant's token is never accepted there.
//
// Every answer is the envelope of the rest of the API ({ status, data, info }, status 0 = success),
// with an HTTP status that says the class of failure (401 not signed in, 403 not allowed or CSRF,
// 409 someone else changed it first, 423 locked, 429 too many). `info` is translated to the
// staff member's language (Accept-Language or the account's own setting).
import * as z from 'zod/mini';
import { STAFF_ROLES } from './roles';

export const STAFF_API_PREFIX = '/backoffice/api';
/** The session cookie (HttpOnly, SameSite=Strict, Path=/backoffice/api, Secure in production). */
export const STAFF_SESSION_COOKIE = 'hk_staff_session';
/** Every state-changing staff call carries the session's CSRF token in this header. */
export const STAFF_CSRF_HEADER = 'x-csrf-token';

export const STAFF_LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;

/** POST /backoffice/api/session: sign in with a password and the current TOTP code. */
export const StaffSignInRequestSchema = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(64)),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  totp: z.string().check(z.regex(/^\d{6}$/)),
});
export type StaffSignInRequest = z.infer<typeof StaffSignInRequestSchema>;

export const StaffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  language: z.enum(STAFF_LANGUAGES),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** The answer of sign-in and of GET /backoffice/api/session (who is signed in). */
export const StaffSessionSchema = z.object({
  staff: StaffMemberSchema,
  /** Send back in `x-csrf-token` on every POST, PUT, PATCH and DELETE. */
  csrfToken: z.string(),
  /** ISO times: when the session ends if unused, and at the latest. */
  idleExpiresAt: z.string(),
  expiresAt: z.string(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

// DELETE /backoffice/api/session (with the CSRF header): sign out; answers data null.

/** One staff event: sign-ins, failures, lock-outs, sign-outs, session ends, account changes. */
export const StaffEventSchema = z.object({
  id: z.number(),
  staffId: z.nullable(z.string()),
  /** The username as typed, only when no account matched it. */
  username: z.nullable(z.string()),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  createdAt: z.string(),
});
export type StaffEvent = z.infer<typeof StaffEventSchema>;

/** GET /backoffice/api/staff-events (permission audit.read): newest first, optionally one staff member's. */
export const StaffEventsQuerySchema = z.object({
  staffId: z.optional(
    z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
  ),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500))),
});
export const StaffEventsResponseSchema = z.object({ events: z.array(StaffEventSchema) });

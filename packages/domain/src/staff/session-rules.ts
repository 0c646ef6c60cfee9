// How long a staff session lives (issue #14, docs/backoffice.md).

/** A session unused this long ends (HKMA / SFC practice for internal systems: 15 minutes). */
export const STAFF_SESSION_IDLE_MS = 15 * 60 * 1000;
/** A session ends this long after sign-in whatever happens (one working day). */
export const STAFF_SESSION_ABSOLUTE_MS = 10 * 60 * 60 * 1000;
// How often sign-in may fail, and the lock: sign-in-limits.ts (issue #22).
/** Passwords: at least this long (NIST SP 800-63B: length over composition rules). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 128;
/** TOTP (RFC 6238): 6 digits, 30 s steps, one step of drift either way; a code is accepted once. */
export const STAFF_TOTP_DIGITS = 6;
export const STAFF_TOTP_STEP_SECONDS = 30;
export const STAFF_TOTP_WINDOW = 1;

export type StaffSessionEnd = 'idle' | 'absolute' | null;

/** Whether a session that began at `createdAt` and was last used at `lastSeenAt` has ended at `now`. */
export function staffSessionEnd(createdAt: number, lastSeenAt: number, now: number): StaffSessionEnd {
  if (now - createdAt >= STAFF_SESSION_ABSOLUTE_MS) return 'absolute';
  if (now - lastSeenAt >= STAFF_SESSION_IDLE_MS) return 'idle';
  return null;
}

/**
 * When a session used last at `lastSeenAt` ends if unused (never after its absolute end), and at
 * the latest: the times the console shows and counts down to (StaffSessionSchema).
 */
export function staffSessionDeadlines(createdAt: number, lastSeenAt: number) {
  const expiresAt = createdAt + STAFF_SESSION_ABSOLUTE_MS;
  return { idleExpiresAt: Math.min(lastSeenAt + STAFF_SESSION_IDLE_MS, expiresAt), expiresAt };
}

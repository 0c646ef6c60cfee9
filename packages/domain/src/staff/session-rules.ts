// How long a staff session lives and when sign-in locks (issue #14, docs/backoffice.md).

/** A session unused this long ends (HKMA / SFC practice for internal systems: 15 minutes). */
export const STAFF_SESSION_IDLE_MS = 15 * 60 * 1000;
/** A session ends this long after sign-in whatever happens (one working day). */
export const STAFF_SESSION_ABSOLUTE_MS = 10 * 60 * 60 * 1000;
/** Failed sign-ins in a row (wrong password or wrong code) that lock the account. */
export const STAFF_LOCKOUT_FAILURES = 5;
/** How long a lock-out lasts before the account may try again (an administrator can unlock sooner). */
export const STAFF_LOCKOUT_MS = 15 * 60 * 1000;
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

/** Whether an account locked until `lockedUntil` is still locked at `now`. */
export function checkIsStaffLocked(lockedUntil: number | null, now: number): boolean {
  return lockedUntil !== null && now < lockedUntil;
}

// Staff sign-in limits (issue #22, docs/backoffice.md "Sign-in limits"). OWASP's authentication
// cheat sheet and NIST SP 800-63B §5.2.2: throttle guessing without handing a stranger a way to
// lock someone out. Three counts of failed sign-ins, kept in the database (every server process
// sees them), each in its own window:
//
// - per client address, whatever the usernames: after 5 failures in 15 minutes, each further
//   attempt from that address waits a growing delay (15 s, 30 s, 1 min, … at most 15 min);
// - per username from one address: after 3 failures in 24 hours the same growing delay (so one
//   address gets about 100 guesses a day at one account, NIST's bound); the owner at another
//   address is not slowed down at all, and a success from an address clears its count;
// - per username from everywhere: 50 failures in an hour from at least 3 addresses lock the
//   account (far beyond what a person mistypes) until they age out of the hour or an
//   administrator unlocks it — at most about 50 guesses an hour, however many addresses.
//
// While limited, nothing is checked: the answer is the same for the right and a wrong password
// (and for an unknown username, counted by the username as typed), and the attempt is not counted.

/** The window of the per-address count. */
export const STAFF_LIMIT_WINDOW_MS = 15 * 60 * 1000;
/** The window of the per-username-from-one-address count. */
export const STAFF_PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Failures from one address (any usernames) in the window that start its back-off. */
export const STAFF_ADDRESS_FREE_FAILURES = 5;
/** Failures of one username from one address in the window that start that pair's back-off. */
export const STAFF_PAIR_FREE_FAILURES = 3;
/** The first delay; each further failure doubles it, up to the longest. */
export const STAFF_BACKOFF_BASE_MS = 15 * 1000;
export const STAFF_BACKOFF_MAX_MS = 15 * 60 * 1000;
/** The account-wide lock: this many failures in the hour, from at least this many addresses. */
export const STAFF_ACCOUNT_LOCK_WINDOW_MS = 60 * 60 * 1000;
export const STAFF_ACCOUNT_LOCK_FAILURES = 50;
export const STAFF_ACCOUNT_LOCK_ADDRESSES = 3;

/** The failures counted at one sign-in attempt (each within its window; times in ms). */
export interface StaffFailureCounts {
  /** From this address, any username, in the last 15 minutes. */
  address: { count: number; lastAt: number | null };
  /** This username from this address, in the last 24 hours. */
  pair: { count: number; lastAt: number | null };
  /** This username from every address, in the last hour, and from how many addresses. */
  account: { count: number; addresses: number };
}

export type StaffSignInLimit = { kind: 'address' | 'pair'; retryAfterMs: number } | { kind: 'locked' } | null;

/** The wait after `count` failures when the first `free` are free: 0, then 15 s doubling, capped. */
export function staffBackoffMs(count: number, free: number): number {
  if (count < free) return 0;
  return Math.min(STAFF_BACKOFF_BASE_MS * 2 ** Math.min(count - free, 20), STAFF_BACKOFF_MAX_MS);
}

/** Whether the account-wide lock holds for these counts. */
export function checkIsStaffAccountLocked(account: StaffFailureCounts['account']): boolean {
  return account.count >= STAFF_ACCOUNT_LOCK_FAILURES && account.addresses >= STAFF_ACCOUNT_LOCK_ADDRESSES;
}

/** Whether an attempt at `now` may be checked at all, and if not, which limit holds and how long. */
export function staffSignInLimit(counts: StaffFailureCounts, now: number): StaffSignInLimit {
  if (checkIsStaffAccountLocked(counts.account)) return { kind: 'locked' };
  const wait = (c: { count: number; lastAt: number | null }, free: number) =>
    c.lastAt === null ? 0 : Math.max(0, c.lastAt + staffBackoffMs(c.count, free) - now);
  const address = wait(counts.address, STAFF_ADDRESS_FREE_FAILURES);
  if (address > 0) return { kind: 'address', retryAfterMs: address };
  const pair = wait(counts.pair, STAFF_PAIR_FREE_FAILURES);
  if (pair > 0) return { kind: 'pair', retryAfterMs: pair };
  return null;
}

/** The limits that one more failure (counts before → after) switched on: each becomes a staff event once. */
export function staffLimitsReached(before: StaffFailureCounts, after: StaffFailureCounts) {
  return {
    address:
      before.address.count < STAFF_ADDRESS_FREE_FAILURES &&
      after.address.count >= STAFF_ADDRESS_FREE_FAILURES,
    pair: before.pair.count < STAFF_PAIR_FREE_FAILURES && after.pair.count >= STAFF_PAIR_FREE_FAILURES,
    locked: !checkIsStaffAccountLocked(before.account) && checkIsStaffAccountLocked(after.account),
  };
}

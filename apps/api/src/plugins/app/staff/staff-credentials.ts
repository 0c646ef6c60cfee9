import {
  STAFF_TOTP_DIGITS,
  STAFF_TOTP_STEP_SECONDS,
  STAFF_TOTP_WINDOW,
} from '@hk/domain/staff/session-rules';
import { hash, verify } from '@node-rs/argon2';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

// Passwords and TOTP of staff accounts (issue #14, docs/backoffice.md). Nothing here logs or
// returns a password or a code.

/**
 * argon2id (the library's default algorithm) at OWASP's first recommended setting: 19 MiB, 2
 * passes, 1 lane. The parameters travel in each hash, so raising them later re-hashes nobody.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashStaffPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a password nobody knows: an unknown username costs the same verification as a known one. */
let decoyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`; with no hash (unknown user) the decoy is verified, so
 * both answer false after the same work. A stored hash that cannot be read counts as a mismatch.
 */
export async function verifyStaffPassword(passwordHash: string | null, password: string): Promise<boolean> {
  decoyHash ??= hashStaffPassword(`decoy-${Math.random()}-${Date.now()}`);
  const target = passwordHash ?? (await decoyHash);
  const matched = await verify(target, password).catch(() => false);
  return passwordHash !== null && matched;
}

/** A fresh TOTP secret: 20 random bytes (RFC 4226 §4), base32 as authenticator apps take it. */
export function createTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The broker, as the authenticator app lists the entry (issue #22: the firm, not the product). */
export const TOTP_ISSUER = 'Harbour Peak Securities';

/** The otpauth:// URI an authenticator app reads (from a QR code or typed in). */
export function totpUri(secret: string, username: string): string {
  return generateURI({
    issuer: TOTP_ISSUER,
    label: username,
    secret,
    digits: STAFF_TOTP_DIGITS,
    period: STAFF_TOTP_STEP_SECONDS,
  });
}

/**
 * The RFC 6238 step a code belongs to when it is right at `now`, within one step either way
 * (clock drift); null when it is wrong. Whether that step was already used is the caller's
 * (the database's) question: a code of that step or an earlier one is a replay.
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const epoch = Math.floor(now.getTime() / 1000);
    const result = verifySync({
      secret,
      token: code,
      epoch,
      period: STAFF_TOTP_STEP_SECONDS,
      digits: STAFF_TOTP_DIGITS,
      epochTolerance: STAFF_TOTP_WINDOW * STAFF_TOTP_STEP_SECONDS,
    });
    // delta: the step the code matched, counted from the current one
    return result.valid ? Math.floor(epoch / STAFF_TOTP_STEP_SECONDS) + result.delta : null;
  } catch {
    return null;
  }
}

/** The code an authenticator shows at `now` (the demo accounts' dev route and the tests). */
export function currentTotpCode(secret: string, now: Date): string {
  return generateSync({
    secret,
    epoch: Math.floor(now.getTime() / 1000),
    period: STAFF_TOTP_STEP_SECONDS,
    digits: STAFF_TOTP_DIGITS,
  });
}

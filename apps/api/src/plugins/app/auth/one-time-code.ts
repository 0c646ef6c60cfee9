import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_PER_IP_PER_HOUR,
  SMS_PER_MOBILE_INTERVAL_S,
  SMS_PER_MOBILE_PER_DAY,
  SMS_PER_MOBILE_PER_HOUR,
} from '@hk/domain';
import type { Vault } from '../../../lib/crypto';

// What the login SMS code and the mailed email code share (issue #6: "same send limits and
// hashing as SMS codes"): how a code is made, kept, compared and judged, and the sending limits.
// Each kind keeps its own rows and its own refusals.

/** 6 digits from the secure generator. */
export function randomCode(): string {
  return String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/**
 * A code is kept as a keyed hash (HMAC under the vault's look-up key) of its purpose, its
 * subject's look-up hash and the digits: a database dump alone gives no code, and a code made
 * for one subject or purpose never matches another.
 */
export function hashCode(
  vault: Vault,
  purpose: 'sms-code' | 'email-code',
  subjectHash: string,
  code: string,
) {
  return vault.lookupHash(`${purpose}:${subjectHash}:${code}`);
}

/** Compares in constant time. */
export function checkIsSameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Codes sent to a subject (a mobile, an address) and from a client key, for the limits. */
export interface CodeSendActivity {
  lastCodeAt: Date | null;
  subjectCodesLastHour: number;
  subjectCodesLastDay: number;
  ipCodesLastHour: number;
}

export type SendLimit = 'too_soon' | 'hourly' | 'daily' | 'ip';

/** spec §5 / §9 and issue #2 §3: one code a minute, 5 an hour, 10 a day per subject; 20 an hour per client key. */
export function sendingLimitOf(a: CodeSendActivity, now: Date): SendLimit | null {
  if (a.lastCodeAt && now.getTime() - a.lastCodeAt.getTime() < SMS_PER_MOBILE_INTERVAL_S * 1000)
    return 'too_soon';
  if (a.subjectCodesLastHour >= SMS_PER_MOBILE_PER_HOUR) return 'hourly';
  if (a.subjectCodesLastDay >= SMS_PER_MOBILE_PER_DAY) return 'daily';
  if (a.ipCodesLastHour >= SMS_PER_IP_PER_HOUR) return 'ip';
  return null;
}

export type CodeVerdict = 'expired' | 'locked' | 'wrong' | 'right';

/**
 * A live code (sent, not used, not replaced) against what was typed: none or past its time →
 * expired; 5 wrong tries already → locked, even for the right code; else right or wrong (the
 * caller counts a wrong try and uses up a right one, in its transaction).
 */
export function judgeCode(
  live: { codeHash: string; expiresAt: Date; attempts: number } | null,
  givenHash: string,
  now: Date,
): CodeVerdict {
  if (!live || live.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (live.attempts >= SMS_CODE_MAX_TRIES) return 'locked';
  return checkIsSameHash(givenHash, live.codeHash) ? 'right' : 'wrong';
}

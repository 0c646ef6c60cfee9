import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_LENGTH,
  CAPTCHA_PER_IP_PER_HOUR,
  CAPTCHA_TTL_S,
  POW_MAX_NUMBER,
  type PowChallenge,
} from '@hk/domain';
import { hasDevTools } from '../../../config';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { lockSubject } from '../auth/advisory-lock';
import { renderCaptchaPng, toPngDataUrl } from './captcha-image';
import {
  consumeCaptcha,
  countCaptchaRequests,
  recordCaptchaRequest,
  replaceCaptcha,
} from './captcha-repository';

/** 4 characters of the unambiguous alphabet, from the secure generator. */
export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** Keyed hash of a device's captcha text; the text itself is never stored. */
export function hashCaptcha(ctx: AppContext, deviceId: string, text: string): string {
  return ctx.vault.lookupHash(`captcha:${deviceId}:${text.trim().toUpperCase()}`);
}

// Dev tools only (config.ts hasDevTools): the last text per device, for GET /dev/captcha (automated tests).
// Kept per app context, so two apps in one process (tests) do not see each other's.
const DEV_MEMO_MAX = 5000;
const devMemos = new WeakMap<AppContext, Map<string, string>>();

function rememberForDev(ctx: AppContext, deviceId: string, text: string) {
  if (!hasDevTools(ctx.config)) return;
  let memo = devMemos.get(ctx);
  if (!memo) {
    memo = new Map();
    devMemos.set(ctx, memo);
  }
  memo.delete(deviceId);
  memo.set(deviceId, text);
  if (memo.size > DEV_MEMO_MAX) memo.delete(memo.keys().next().value!);
}

export function findDevCaptchaText(ctx: AppContext, deviceId: string): string | undefined {
  if (!hasDevTools(ctx.config)) return undefined;
  return devMemos.get(ctx)?.get(deviceId);
}

/**
 * A new captcha for the device (replacing its earlier ones), as a PNG data URL. Rendering costs
 * the server, so one IP gets at most CAPTCHA_PER_IP_PER_HOUR an hour (counted in the database,
 * serialised per IP across processes like the SMS limits: decision 004).
 */
export async function issueCaptcha(ctx: AppContext, deviceId: string, ip: string): Promise<string> {
  const text = randomCaptchaText();
  await storeCaptcha(ctx, deviceId, ip, text);
  const png = await renderCaptchaPng(text);
  rememberForDev(ctx, deviceId, text);
  return toPngDataUrl(png);
}

/** The answer a proof of work is stored and checked as: bound to the mobile as well as the device. */
function powAnswer(mobileHash: string, solution: string): string {
  return `pow:${mobileHash}:${solution.trim()}`;
}

/**
 * issue #16 (decision 014): the accessible alternative to the image. It takes the device's captcha
 * slot (replacing an image, and replaced by one), counts toward the same per-IP limit, and expires
 * and is used up like an image; only the number the browser must find is stored, hashed with the
 * mobile, so a solution is worth one SMS request of this device for this mobile.
 */
export async function issuePowChallenge(
  ctx: AppContext,
  deviceId: string,
  ip: string,
  mobileHash: string,
): Promise<PowChallenge> {
  const salt = randomBytes(12).toString('hex');
  const number = randomInt(POW_MAX_NUMBER + 1);
  await storeCaptcha(ctx, deviceId, ip, powAnswer(mobileHash, String(number)));
  const challenge = createHash('sha256').update(`${salt}${number}`).digest('hex');
  return { algorithm: 'SHA-256', salt, challenge, maxnumber: POW_MAX_NUMBER };
}

/** Checks and uses up the device's proof of work for this mobile, like redeemCaptcha. */
export function redeemPowSolution(
  ctx: AppContext,
  tx: Tx,
  deviceId: string,
  mobileHash: string,
  solution: string,
  now: Date,
) {
  return redeemCaptcha(ctx, tx, deviceId, powAnswer(mobileHash, solution), now);
}

async function storeCaptcha(ctx: AppContext, deviceId: string, ip: string, text: string) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockSubject(tx, `captcha-ip:${ip}`);
    const hourAgo = new Date(now.getTime() - 3600_000);
    if ((await countCaptchaRequests(tx, ip, hourAgo)) >= CAPTCHA_PER_IP_PER_HOUR)
      throw new AppError('CAPTCHA_IP_LIMIT');
    await recordCaptchaRequest(tx, ip, now);
    await replaceCaptcha(tx, {
      deviceId,
      textHash: hashCaptcha(ctx, deviceId, text),
      now,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_S * 1000),
    });
  });
}

/** Checks and uses up the device's captcha inside the caller's transaction. */
export function redeemCaptcha(ctx: AppContext, tx: Tx, deviceId: string, text: string, now: Date) {
  if (!deviceId) return Promise.resolve(false);
  return consumeCaptcha(tx, deviceId, hashCaptcha(ctx, deviceId, text), now);
}

/** What a call offers to pass its captcha: the image's text, or a solved proof of work (issue #16). */
export interface CaptchaAnswer {
  imageCode?: string | undefined;
  powSolution?: string | undefined;
}

/**
 * The captcha check of every call that asks for one (the SMS request, and the login after wrong
 * codes), inside the caller's transaction: a proof of work when one is offered (for this mobile),
 * else the image. Either way the device's captcha is used up. null when passed, else the refusal:
 * 8001 when nothing is offered, 8002 for any wrong, used, expired or foreign answer (decision 014).
 */
export async function passCaptcha(
  ctx: AppContext,
  tx: Tx,
  deviceId: string,
  mobileHash: string,
  answer: CaptchaAnswer,
  now: Date,
): Promise<'CAPTCHA_REQUIRED' | 'CAPTCHA_WRONG' | null> {
  if (answer.powSolution)
    return (await redeemPowSolution(ctx, tx, deviceId, mobileHash, answer.powSolution, now))
      ? null
      : 'CAPTCHA_WRONG';
  if (!answer.imageCode) return 'CAPTCHA_REQUIRED';
  return (await redeemCaptcha(ctx, tx, deviceId, answer.imageCode, now)) ? null : 'CAPTCHA_WRONG';
}

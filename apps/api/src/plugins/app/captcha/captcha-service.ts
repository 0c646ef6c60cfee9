import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, CAPTCHA_PER_IP_PER_HOUR, CAPTCHA_TTL_S } from '@hk/domain';
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
  const png = await renderCaptchaPng(text);
  rememberForDev(ctx, deviceId, text);
  return toPngDataUrl(png);
}

/** Checks and uses up the device's captcha inside the caller's transaction. */
export function redeemCaptcha(ctx: AppContext, tx: Tx, deviceId: string, text: string, now: Date) {
  if (!deviceId) return Promise.resolve(false);
  return consumeCaptcha(tx, deviceId, hashCaptcha(ctx, deviceId, text), now);
}

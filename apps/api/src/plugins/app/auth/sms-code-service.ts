import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  checkIsCaptchaAlwaysRequired,
  type ErrorCodeName,
  type Language,
  type PhoneRegion,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_S,
  SMS_FREE_REQUESTS_PER_HOUR,
  SMS_PER_IP_PER_HOUR,
  SMS_PER_MOBILE_INTERVAL_S,
  SMS_PER_MOBILE_PER_DAY,
  SMS_PER_MOBILE_PER_HOUR,
} from '@hk/domain';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { redeemCaptcha } from '../captcha/captcha-service';
import { lockSubject } from './advisory-lock';
import { mobileLookupHash, toE164 } from './mobile-identity';
import {
  addWrongAttempt,
  consumeSmsCode,
  findLiveSmsCode,
  insertSmsCode,
  markSmsCodeSendFailed,
  markSmsCodeSent,
  readSmsActivity,
  recordSmsRequest,
  type SmsActivity,
} from './sms-code-repository';
import { composeLoginSms } from './sms-message';

export interface SmsCodeRequest {
  region: PhoneRegion;
  /** Canonical digits (mobile-identity.ts canonicalMobile). */
  mobile: string;
  imageCode: string | undefined;
  deviceId: string;
  ip: string;
  lang: Language;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/** 6 digits from the secure generator. */
export function randomSmsCode(): string {
  return String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

function hashSmsCode(ctx: AppContext, mobileHash: string, code: string): string {
  return ctx.vault.lookupHash(`sms-code:${mobileHash}:${code}`);
}

/** spec §5 / issue #2 §3: the sending limits, counted over codes actually sent. */
function sendingLimit(a: SmsActivity, now: Date): ErrorCodeName | null {
  if (a.lastCodeAt && now.getTime() - a.lastCodeAt.getTime() < SMS_PER_MOBILE_INTERVAL_S * 1000)
    return 'SMS_TOO_SOON';
  if (a.mobileCodesLastHour >= SMS_PER_MOBILE_PER_HOUR) return 'SMS_HOURLY_LIMIT';
  if (a.mobileCodesLastDay >= SMS_PER_MOBILE_PER_DAY) return 'SMS_DAILY_LIMIT';
  if (a.ipCodesLastHour >= SMS_PER_IP_PER_HOUR) return 'SMS_IP_LIMIT';
  return null;
}

/** spec §5: always outside CN and HK; there, once the mobile or the IP has asked twice this hour. */
function isCaptchaRequired(region: PhoneRegion, a: SmsActivity): boolean {
  return (
    checkIsCaptchaAlwaysRequired(region) ||
    a.mobileRequestsLastHour >= SMS_FREE_REQUESTS_PER_HOUR ||
    a.ipRequestsLastHour >= SMS_FREE_REQUESTS_PER_HOUR
  );
}

/**
 * Sends a login code, in two parts. First one transaction holding advisory locks on the mobile and
 * on the client key, so concurrent requests (also from another server process) are counted one
 * after the other: the request is recorded even when refused (it counts toward the captcha rule),
 * the limits and the captcha are checked, and the code row is written. It commits; only then is
 * the provider asked, holding no lock and no connection, so a slow provider delays this request
 * only. Its answer is recorded on the row: accepted, the code becomes the live one; refused, the
 * row stays (it still counts toward the limits), the earlier code stays valid, and 8007 is answered. Whether a user exists is never looked at, so the answer and its timing
 * say nothing about registration.
 */
export async function requestSmsCode(ctx: AppContext, req: SmsCodeRequest, log: Logger): Promise<void> {
  const mobileHash = mobileLookupHash(ctx.vault, req.region, req.mobile);
  const now = ctx.now();
  const code = randomSmsCode();
  const outcome = await ctx.db.transaction(
    async (tx): Promise<{ refusal: ErrorCodeName } | { refusal: null; codeId: string }> => {
      await lockSubject(tx, `mobile:${mobileHash}`);
      await lockSubject(tx, `ip:${req.ip}`);
      const activity = await readSmsActivity(tx, mobileHash, req.ip, now);
      await recordSmsRequest(tx, { mobileHash, ip: req.ip, now });

      const limit = sendingLimit(activity, now);
      if (limit) return { refusal: limit };
      if (isCaptchaRequired(req.region, activity)) {
        if (!req.imageCode) return { refusal: 'CAPTCHA_REQUIRED' };
        if (!(await redeemCaptcha(ctx, tx, req.deviceId, req.imageCode, now)))
          return { refusal: 'CAPTCHA_WRONG' };
      }
      const codeId = await insertSmsCode(tx, {
        mobileHash,
        ip: req.ip,
        codeHash: hashSmsCode(ctx, mobileHash, code),
        now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_S * 1000),
      });
      return { refusal: null, codeId };
    },
  );
  if (outcome.refusal) throw new AppError(outcome.refusal);

  let providerMessageId: string | undefined;
  try {
    const receipt = await ctx.sms.send({
      to: toE164(req.region, req.mobile),
      mobile: req.mobile,
      body: composeLoginSms(req.lang, code),
      code,
    });
    providerMessageId = receipt ? receipt.providerMessageId : undefined;
  } catch (err) {
    // The error may quote the provider's answer; never the number (it is not in our message).
    log.warn({ provider: ctx.sms.name, err: String(err) }, 'sms provider refused the message');
    await markSmsCodeSendFailed(ctx.db, outcome.codeId, ctx.now());
    throw new AppError('SMS_SEND_FAILED');
  }
  await markSmsCodeSent(ctx.db, { id: outcome.codeId, mobileHash, now: ctx.now(), providerMessageId });
}

/**
 * Checks a login code inside the caller's transaction (which holds the mobile's lock) and uses it
 * up. Wrong → 8010 and one more attempt; after 5 wrong tries the code is dead (8012), even for the
 * right code; none, expired or already used → 8011. Returns the refusal, or null on success.
 */
export async function verifySmsCode(
  ctx: AppContext,
  tx: Tx,
  mobileHash: string,
  code: string,
  now: Date,
): Promise<ErrorCodeName | null> {
  const live = await findLiveSmsCode(tx, mobileHash);
  if (!live || live.expiresAt.getTime() <= now.getTime()) return 'SMS_CODE_EXPIRED';
  if (live.attempts >= SMS_CODE_MAX_TRIES) return 'SMS_CODE_LOCKED';
  const given = Buffer.from(hashSmsCode(ctx, mobileHash, code), 'hex');
  const stored = Buffer.from(live.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    await addWrongAttempt(tx, live.id);
    return 'SMS_CODE_WRONG';
  }
  await consumeSmsCode(tx, live.id, now);
  return null;
}

import {
  checkIsCaptchaAlwaysRequired,
  type ErrorCodeName,
  type Language,
  type PhoneRegion,
  SMS_CODE_TTL_S,
  SMS_FREE_REQUESTS_PER_HOUR,
} from '@hk/domain';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { passCaptcha } from '../captcha/captcha-service';
import { lockSubject } from './advisory-lock';
import { mobileLookupHash, toE164 } from './mobile-identity';
import {
  type CodeVerdict,
  hashCode,
  judgeCode,
  randomCode,
  type SendLimit,
  sendingLimitOf,
} from './one-time-code';
import {
  addWrongCodeAttempt,
  findLiveCode,
  markCodeSendFailed,
  markCodeSent,
  markCodeUsed,
  SMS_CODES,
} from './one-time-code-repository';
import { insertSmsCode, readSmsActivity, recordSmsRequest, type SmsActivity } from './sms-code-repository';
import { composeLoginSms } from './sms-message';

export interface SmsCodeRequest {
  region: PhoneRegion;
  /** Canonical digits (mobile-identity.ts canonicalMobile). */
  mobile: string;
  imageCode: string | undefined;
  /** issue #16: a solved POST /services/pow_challenge, in place of the image's text. */
  powSolution?: string | undefined;
  deviceId: string;
  ip: string;
  lang: Language;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

function hashSmsCode(ctx: AppContext, mobileHash: string, code: string): string {
  return hashCode(ctx.vault, 'sms-code', mobileHash, code);
}

const SMS_LIMIT: Record<SendLimit, ErrorCodeName> = {
  too_soon: 'SMS_TOO_SOON',
  hourly: 'SMS_HOURLY_LIMIT',
  daily: 'SMS_DAILY_LIMIT',
  ip: 'SMS_IP_LIMIT',
};

/** spec §5 / issue #2 §3: the sending limits (one-time-code.ts), counted over codes of the mobile. */
function sendingLimit(a: SmsActivity, now: Date): ErrorCodeName | null {
  const limit = sendingLimitOf(
    {
      lastCodeAt: a.lastCodeAt,
      subjectCodesLastHour: a.mobileCodesLastHour,
      subjectCodesLastDay: a.mobileCodesLastDay,
      ipCodesLastHour: a.ipCodesLastHour,
    },
    now,
  );
  return limit && SMS_LIMIT[limit];
}

const SMS_VERDICT: Record<Exclude<CodeVerdict, 'right'>, ErrorCodeName> = {
  expired: 'SMS_CODE_EXPIRED',
  locked: 'SMS_CODE_LOCKED',
  wrong: 'SMS_CODE_WRONG',
};

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
  const code = randomCode();
  const outcome = await ctx.db.transaction(
    async (tx): Promise<{ refusal: ErrorCodeName } | { refusal: null; codeId: string }> => {
      await lockSubject(tx, `mobile:${mobileHash}`);
      await lockSubject(tx, `ip:${req.ip}`);
      const activity = await readSmsActivity(tx, mobileHash, req.ip, now);
      await recordSmsRequest(tx, { mobileHash, ip: req.ip, now });

      const limit = sendingLimit(activity, now);
      if (limit) return { refusal: limit };
      if (isCaptchaRequired(req.region, activity)) {
        const refusal = await passCaptcha(ctx, tx, req.deviceId, mobileHash, req, now);
        if (refusal) return { refusal };
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
    await markCodeSendFailed(ctx.db, SMS_CODES, outcome.codeId, ctx.now());
    throw new AppError('SMS_SEND_FAILED');
  }
  await markCodeSent(ctx.db, SMS_CODES, {
    id: outcome.codeId,
    owner: mobileHash,
    now: ctx.now(),
    providerMessageId,
  });
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
  const live = await findLiveCode(tx, SMS_CODES, mobileHash);
  const verdict = judgeCode(live, hashSmsCode(ctx, mobileHash, code), now);
  if (verdict === 'wrong') await addWrongCodeAttempt(tx, SMS_CODES, live!.id);
  if (verdict !== 'right') return SMS_VERDICT[verdict];
  await markCodeUsed(tx, SMS_CODES, live!.id, now);
  return null;
}

import {
  type ErrorCodeName,
  LOGIN_FREE_WRONG_CODES,
  LOGIN_WRONG_CODES_PER_IP_PER_HOUR,
  maskMobile,
  type PhoneRegion,
} from '@hk/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { findLoginStatus } from '../application/login-status';
import { passCaptcha } from '../captcha/captcha-service';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { findApplicationByUser } from '../steps/step-repository';
import { lockSubject } from './advisory-lock';
import {
  countLoginFailuresByIp,
  countLoginFailuresByMobile,
  recordLoginFailure,
} from './login-failure-repository';
import { mobileLookupHash } from './mobile-identity';
import { createSession } from './session-repository';
import { verifySmsCode } from './sms-code-service';
import { findOrCreateUser } from './user-repository';

export interface LoginInput {
  region: PhoneRegion;
  /** Canonical digits (mobile-identity.ts canonicalMobile). */
  mobile: string;
  code: string;
  /** The image captcha, needed after LOGIN_FREE_WRONG_CODES wrong codes for the mobile. */
  imageCode: string | undefined;
  /** issue #16: a solved POST /services/pow_challenge for this mobile, in place of the image's text. */
  powSolution: string | undefined;
  deviceId: string;
  /** Client key of the caller (lib/client-key.ts). */
  ip: string;
  source: string | undefined;
  /** The optional extras of spec §3, kept with the user on first login. */
  signup: Record<string, string>;
  /** Where the login came from, for its event. */
  meta: EventMeta;
}

/**
 * Login guessing (issue #5 §4.7), checked before the code is looked at: a client key that gave
 * LOGIN_WRONG_CODES_PER_IP_PER_HOUR wrong codes this hour is refused (8013), whatever it types;
 * a mobile with LOGIN_FREE_WRONG_CODES wrong codes this hour (since its last login) needs the
 * captcha too, the image or its proof of work (8001 without it, 8002 when wrong; either way the
 * code keeps its tries).
 */
async function loginGuard(
  ctx: AppContext,
  tx: Tx,
  input: LoginInput,
  mobileHash: string,
  now: Date,
): Promise<ErrorCodeName | null> {
  const hourAgo = new Date(now.getTime() - 3600_000);
  if ((await countLoginFailuresByIp(tx, input.ip, hourAgo)) >= LOGIN_WRONG_CODES_PER_IP_PER_HOUR)
    return 'LOGIN_IP_LIMIT';
  if ((await countLoginFailuresByMobile(tx, mobileHash, hourAgo)) >= LOGIN_FREE_WRONG_CODES)
    return passCaptcha(ctx, tx, input.deviceId, mobileHash, input, now);
  return null;
}

/**
 * Logs in with an SMS code: the guessing guards, then the code is checked and used up, the user
 * found or created, and a session opened, all in one transaction under the mobile's and the
 * client key's locks, so a code works exactly once and the wrong-code counts are exact even with
 * two server processes.
 */
export async function loginWithSmsCode(ctx: AppContext, input: LoginInput) {
  const mobileHash = mobileLookupHash(ctx.vault, input.region, input.mobile);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockSubject(tx, `mobile:${mobileHash}`);
    await lockSubject(tx, `login-ip:${input.ip}`);
    const guard = await loginGuard(ctx, tx, input, mobileHash, now);
    if (guard) return { refusal: guard } as const;
    const refusal = await verifySmsCode(ctx, tx, mobileHash, input.code, now);
    if (refusal === 'SMS_CODE_WRONG') await recordLoginFailure(tx, { mobileHash, ip: input.ip, now });
    if (refusal) return { refusal } as const;
    const user = await findOrCreateUser(
      tx,
      {
        region: input.region,
        mobileEnc: ctx.vault.encrypt(input.mobile),
        mobileHash,
        mobileMasked: maskMobile(input.mobile),
        source: input.source || null,
        signup: input.signup,
      },
      now,
    );
    // A transaction is a database handle for the repositories shared with other areas.
    const db = tx as unknown as Db;
    const session = await createSession(db, user.id, input.deviceId, now);
    const status = await findLoginStatus(db, user.id);
    const application = await findApplicationByUser(tx, user.id);
    await recordEvent(
      tx,
      { ...input.meta, actorId: user.id },
      {
        type: 'login',
        userId: user.id,
        applicationId: application?.id ?? null,
        at: now,
      },
    );
    return { refusal: null, user, session, status } as const;
  });
  // The wrong-attempt counts (and a used captcha) must be kept, so refusals leave the transaction
  // before they are thrown.
  if (outcome.refusal) throw new AppError(outcome.refusal);
  return {
    uid: outcome.user.id,
    token: outcome.session.token,
    status: outcome.status,
    region: input.region,
    mobile_masked: maskMobile(input.mobile),
    expires_in: outcome.session.expiresIn,
  };
}

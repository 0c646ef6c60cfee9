import { maskMobile, type PhoneRegion } from '@hk/domain';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { findLoginStatus } from '../application/login-status';
import { lockSubject } from './advisory-lock';
import { mobileLookupHash } from './mobile-identity';
import { createSession } from './session-repository';
import { verifySmsCode } from './sms-code-service';
import { findOrCreateUser } from './user-repository';

export interface LoginInput {
  region: PhoneRegion;
  /** Canonical digits (mobile-identity.ts canonicalMobile). */
  mobile: string;
  code: string;
  deviceId: string;
  source: string | undefined;
  /** The optional extras of spec §3, kept with the user on first login. */
  signup: Record<string, string>;
}

/**
 * Logs in with an SMS code: the code is checked and used up, the user found or created, and a
 * session opened, all in one transaction under the mobile's lock, so a code works exactly once
 * even with two server processes.
 */
export async function loginWithSmsCode(ctx: AppContext, input: LoginInput) {
  const mobileHash = mobileLookupHash(ctx.vault, input.region, input.mobile);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockSubject(tx, `mobile:${mobileHash}`);
    const refusal = await verifySmsCode(ctx, tx, mobileHash, input.code, now);
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
    return { refusal: null, user, session, status } as const;
  });
  // The wrong-attempt count must be kept, so refusals leave the transaction before they are thrown.
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

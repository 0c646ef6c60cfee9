import type { Language } from '@hk/domain';
import {
  MAIL_CODE_TTL_S,
  MAIL_CODES_OWN_PER_ADDRESS_PER_DAY,
  MAIL_COUNTDOWN_S,
} from '@hk/domain/flow/mail-check';
import { normalizeEmail } from '@hk/domain/steps/personal/form';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Vault } from '../../../lib/crypto';
import { requireApplication } from '../application/application-access';
import { lockSubject } from '../auth/advisory-lock';
import {
  type CodeVerdict,
  hashCode,
  judgeCode,
  randomCode,
  type SendLimit,
  sendingLimitOf,
} from '../auth/one-time-code';
import {
  addWrongCodeAttempt,
  EMAIL_CODES,
  findLiveCode,
  markCodeSendFailed,
  markCodeSent,
  markCodeUsed,
} from '../auth/one-time-code-repository';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { lockEditableApplicationOfUser } from '../steps/step-repository';
import { insertEmailCode, listVerifiedEmailHashes, readEmailCodeActivity } from './email-code-repository';
import { composeEmailCodeMail } from './mail-message';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** The look-up hash an address is found by (trimmed, lower case): the address itself is never stored here. */
export function emailLookupHash(vault: Vault, email: string): string {
  return vault.lookupHash(`email:${normalizeEmail(email)}`);
}

/** Refusals are shown at the field they are about (flow catalogue keys, VALIDATION_FAILED). */
const LIMIT_KEY: Record<SendLimit, string> = {
  too_soon: 'email_code_too_soon',
  hourly: 'email_code_hourly_limit',
  daily: 'email_code_daily_limit',
  ip: 'email_code_ip_limit',
};
const VERDICT_KEY: Record<Exclude<CodeVerdict, 'right'>, string> = {
  expired: 'email_code_expired',
  locked: 'email_code_locked',
  wrong: 'email_code_wrong',
};

export type MailCheckResult = {
  action: 'send' | 'verify' | 'status';
  email: string;
  verified: boolean;
  expires_in?: number;
  resend_in?: number;
};

/**
 * Mails a code to an address, in two parts, like the login SMS (sms-code-service.ts). First one
 * transaction: the user's application locked (and still editable), then advisory locks on the
 * address and on the client key, so concurrent requests (also from another server process) are
 * counted one after the other; the limits are checked (per application and per client key always;
 * per address, over every application, only past this application's own allowance for the address:
 * decision 010) and the code row is written. It commits; only then is the mail server asked, holding no
 * lock and no connection. Its answer is recorded on the row: accepted, the code becomes the
 * application's live one (the earlier one is cancelled); refused, the row stays (it counts toward
 * the limits) and the earlier code stays valid. An address this application already verified is
 * not mailed again: the answer says it is verified.
 */
export async function sendEmailCode(
  ctx: AppContext,
  userId: string,
  req: { email: string; ip: string; lang: Language },
  log: Logger,
): Promise<MailCheckResult> {
  const email = normalizeEmail(req.email);
  const emailHash = emailLookupHash(ctx.vault, email);
  const now = ctx.now();
  const code = randomCode();
  const outcome = await ctx.db.transaction(
    async (
      tx,
    ): Promise<
      | { verified: true }
      | { verified: false; refusal: SendLimit }
      | { verified: false; refusal: null; codeId: string; applicationId: string }
    > => {
      const app = await lockEditableApplicationOfUser(tx, userId);
      if ((await listVerifiedEmailHashes(tx, app.id)).has(emailHash)) return { verified: true };
      await lockSubject(tx, `email:${emailHash}`);
      await lockSubject(tx, `mail-ip:${req.ip}`);
      const activity = await readEmailCodeActivity(tx, { emailHash, ip: req.ip, applicationId: app.id }, now);
      // decision 010: the application's own limits and the client key's always apply; the
      // address's (counting every application's sends) only past this application's own allowance
      // for it, so no other application can use up the sends its owner needs
      const limit =
        sendingLimitOf(activity.application, now) ??
        (activity.ownToAddressLastDay < MAIL_CODES_OWN_PER_ADDRESS_PER_DAY
          ? null
          : sendingLimitOf(activity.address, now));
      if (limit) return { verified: false, refusal: limit };
      const codeId = await insertEmailCode(tx, {
        applicationId: app.id,
        emailHash,
        ip: req.ip,
        codeHash: hashCode(ctx.vault, 'email-code', emailHash, code),
        now,
        expiresAt: new Date(now.getTime() + MAIL_CODE_TTL_S * 1000),
      });
      return { verified: false, refusal: null, codeId, applicationId: app.id };
    },
  );
  if (outcome.verified) return { action: 'send', email, verified: true };
  if (outcome.refusal) throw new AppError('VALIDATION_FAILED', { email: LIMIT_KEY[outcome.refusal] });

  let providerMessageId: string | undefined;
  try {
    const receipt = await ctx.mailer.send(composeEmailCodeMail(req.lang, email, code));
    providerMessageId = receipt ? receipt.providerMessageId : undefined;
  } catch (err) {
    // the mailer's error names no address (smtp-mailer.ts)
    log.warn({ mailer: ctx.mailer.name, err: String(err) }, 'mail server refused the message');
    await markCodeSendFailed(ctx.db, EMAIL_CODES, outcome.codeId, ctx.now());
    throw new AppError('VALIDATION_FAILED', { email: 'email_send_failed' });
  }
  await markCodeSent(ctx.db, EMAIL_CODES, {
    id: outcome.codeId,
    owner: outcome.applicationId,
    now: ctx.now(),
    providerMessageId,
  });
  return { action: 'send', email, verified: false, expires_in: MAIL_CODE_TTL_S, resend_in: MAIL_COUNTDOWN_S };
}

/**
 * Checks a code for an address, in one transaction with the application locked: the application's
 * live code must have been mailed to that address; wrong → one more attempt (kept: the refusal
 * leaves the transaction before it is thrown); 5 wrong → dead; right → the address is verified for
 * this application (the personal step can then be confirmed with it) and the code is used up.
 */
export async function verifyEmailCode(
  ctx: AppContext,
  userId: string,
  req: { email: string; code: string },
  meta: EventMeta,
): Promise<MailCheckResult> {
  const email = normalizeEmail(req.email);
  const emailHash = emailLookupHash(ctx.vault, email);
  const now = ctx.now();
  const refusal = await ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const live = await findLiveCode(tx, EMAIL_CODES, app.id);
    const forAddress = live && live.sentToHash === emailHash ? live : null;
    const verdict = judgeCode(forAddress, hashCode(ctx.vault, 'email-code', emailHash, req.code), now);
    if (verdict === 'wrong') await addWrongCodeAttempt(tx, EMAIL_CODES, forAddress!.id);
    if (verdict !== 'right') return verdict;
    await markCodeUsed(tx, EMAIL_CODES, forAddress!.id, now);
    await recordEvent(tx, meta, {
      type: 'email_verified',
      applicationId: app.id,
      userId,
      step: 'personal',
      at: now,
    });
    return null;
  });
  if (refusal) throw new AppError('VALIDATION_FAILED', { code: VERDICT_KEY[refusal] });
  return { action: 'verify', email, verified: true };
}

/** The personal step's fact: whether this application verified an address (step-form-service.ts). */
export async function loadEmailVerifier(
  vault: Vault,
  db: Db | Tx,
  applicationId: string,
): Promise<(email: string) => boolean> {
  const hashes = await listVerifiedEmailHashes(db, applicationId);
  return (email) => hashes.has(emailLookupHash(vault, email));
}

/**
 * Whether this user's application verified an address (`status`): read only, mails nothing, counts
 * toward no limit. The screen asks it when it shows a saved draft's email after a reload.
 */
export async function emailVerificationStatus(
  ctx: AppContext,
  userId: string,
  input: { email: string },
): Promise<MailCheckResult> {
  const app = await requireApplication(ctx, userId);
  const email = normalizeEmail(input.email);
  const isVerified = await loadEmailVerifier(ctx.vault, ctx.db, app.id);
  return { action: 'status', email, verified: isVerified(email) };
}

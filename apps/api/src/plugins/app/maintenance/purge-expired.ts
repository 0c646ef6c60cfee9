import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  captchaRequests,
  captchas,
  emailCodes,
  loginFailures,
  sessions,
  smsCodes,
  smsRequests,
  staffSessions,
  staffSetupTokens,
  staffSignInFailures,
} from '../../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what no rule reads any more (decision 004): captchas a day after they expired, SMS codes,
 * requests and wrong login codes two days after they were made (the longest limit window is one day), sessions (the applicant's and staff's) a
 * week after they expired or were revoked or ended, staff sign-in failures after a day, staff
 * set-up links a week after they expired, and email codes never given right two days after they were made (a
 * verified one is the application's proof that it receives mail at that address: kept). Returns how many rows went, per table.
 */
export async function purgeExpired(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  return db.transaction(async (tx) => {
    const c = await tx.delete(captchas).where(lt(captchas.expiresAt, dayAgo)).returning({ id: captchas.id });
    const codes = await tx
      .delete(smsCodes)
      .where(lt(smsCodes.createdAt, twoDaysAgo))
      .returning({ id: smsCodes.id });
    const requests = await tx
      .delete(smsRequests)
      .where(lt(smsRequests.createdAt, twoDaysAgo))
      .returning({ id: smsRequests.id });
    const captchaIps = await tx
      .delete(captchaRequests)
      .where(lt(captchaRequests.createdAt, twoDaysAgo))
      .returning({ id: captchaRequests.id });
    const failures = await tx
      .delete(loginFailures)
      .where(lt(loginFailures.createdAt, twoDaysAgo))
      .returning({ id: loginFailures.id });
    const mails = await tx
      .delete(emailCodes)
      .where(and(lt(emailCodes.createdAt, twoDaysAgo), isNull(emailCodes.verifiedAt)))
      .returning({ id: emailCodes.id });
    const s = await tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, weekAgo), lt(sessions.revokedAt, weekAgo)))
      .returning({ tokenHash: sessions.tokenHash });
    // staff: sessions a week after they ended or expired (their events stay: staff_events is
    // append-only), failed sign-ins a day after (the longest limit window is an hour), set-up
    // links a week after they expired (used or not)
    const staff = await tx
      .delete(staffSessions)
      .where(or(lt(staffSessions.expiresAt, weekAgo), lt(staffSessions.endedAt, weekAgo)))
      .returning({ tokenHash: staffSessions.tokenHash });
    const staffFailures = await tx
      .delete(staffSignInFailures)
      .where(lt(staffSignInFailures.createdAt, dayAgo))
      .returning({ id: staffSignInFailures.id });
    const links = await tx
      .delete(staffSetupTokens)
      .where(lt(staffSetupTokens.expiresAt, weekAgo))
      .returning({ id: staffSetupTokens.id });
    return {
      captchas: c.length,
      captchaRequests: captchaIps.length,
      smsCodes: codes.length,
      smsRequests: requests.length,
      loginFailures: failures.length,
      emailCodes: mails.length,
      sessions: s.length,
      staffSessions: staff.length,
      staffSignInFailures: staffFailures.length,
      staffSetupTokens: links.length,
    };
  });
}

/** Runs the purge now and then every hour; the timer does not keep the process alive. */
export function schedulePurge(
  db: Db,
  now: () => Date,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
) {
  const run = () =>
    purgeExpired(db, now()).then(
      (counts) => log.info(counts, 'purged expired captchas, codes and sessions'),
      (err: unknown) => log.error({ err }, 'purge of expired rows failed'),
    );
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

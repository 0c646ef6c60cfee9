import { and, count, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { emailCodes } from '../../../db/schema';
import type { CodeSendActivity } from '../auth/one-time-code';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Codes (sent or refused by the mail server) to an address over every application, from a client
 * key, for an application, and from this application to this address (`ownToAddressLastDay`).
 */
export async function readEmailCodeActivity(
  tx: Tx,
  subject: { emailHash: string; ip: string; applicationId: string },
  now: Date,
): Promise<{ address: CodeSendActivity; application: CodeSendActivity; ownToAddressLastDay: number }> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const counts = (where: ReturnType<typeof eq>) =>
    tx
      .select({
        lastDay: count(),
        lastHour: sql<number>`count(*) filter (where ${gt(emailCodes.createdAt, hourAgo)})`.mapWith(Number),
        last: max(emailCodes.createdAt),
      })
      .from(emailCodes)
      .where(and(where, gt(emailCodes.createdAt, dayAgo)));
  const [byAddress] = await counts(eq(emailCodes.emailHash, subject.emailHash));
  const [byApplication] = await counts(eq(emailCodes.applicationId, subject.applicationId));
  const [byPair] = await counts(
    and(eq(emailCodes.applicationId, subject.applicationId), eq(emailCodes.emailHash, subject.emailHash))!,
  );
  const [byIp] = await tx
    .select({ n: count() })
    .from(emailCodes)
    .where(and(eq(emailCodes.ip, subject.ip), gt(emailCodes.createdAt, hourAgo)));
  const ipCodesLastHour = byIp?.n ?? 0;
  const activity = (c: typeof byAddress): CodeSendActivity => ({
    lastCodeAt: c?.last ? new Date(c.last) : null,
    subjectCodesLastHour: c?.lastHour ?? 0,
    subjectCodesLastDay: c?.lastDay ?? 0,
    ipCodesLastHour,
  });
  return {
    address: activity(byAddress),
    application: activity(byApplication),
    ownToAddressLastDay: byPair?.lastDay ?? 0,
  };
}

/**
 * A new code, pending until the mail server accepts it (markEmailCodeSent): the application's
 * earlier code stays the live one meanwhile, and stays live if the send fails.
 */
export async function insertEmailCode(
  tx: Tx,
  row: { applicationId: string; emailHash: string; ip: string; codeHash: string; now: Date; expiresAt: Date },
) {
  const [inserted] = await tx
    .insert(emailCodes)
    .values({
      applicationId: row.applicationId,
      emailHash: row.emailHash,
      ip: row.ip,
      codeHash: row.codeHash,
      createdAt: row.now,
      expiresAt: row.expiresAt,
    })
    .returning({ id: emailCodes.id });
  return inserted!.id;
}

/** Look-up hashes of the addresses this application verified. */
export async function listVerifiedEmailHashes(db: Db | Tx, applicationId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ emailHash: emailCodes.emailHash })
    .from(emailCodes)
    .where(and(eq(emailCodes.applicationId, applicationId), isNotNull(emailCodes.verifiedAt)));
  return new Set(rows.map((r) => r.emailHash));
}

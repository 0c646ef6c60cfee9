import { and, count, desc, eq, gt, isNotNull, isNull, max, ne, sql } from 'drizzle-orm';
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

/**
 * The mail server accepted the message (after the row committed): the code becomes the
 * application's live one and cancels its earlier unused codes, whatever their address.
 */
export async function markEmailCodeSent(
  db: Db,
  row: { id: string; applicationId: string; now: Date; providerMessageId: string | undefined },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ sentAt: row.now, providerMessageId: row.providerMessageId ?? null })
      .where(eq(emailCodes.id, row.id));
    await tx
      .update(emailCodes)
      .set({ supersededAt: row.now })
      .where(
        and(
          eq(emailCodes.applicationId, row.applicationId),
          ne(emailCodes.id, row.id),
          isNull(emailCodes.verifiedAt),
          isNull(emailCodes.supersededAt),
        ),
      );
  });
}

/**
 * The mail server refused the message: the row stays (it counts toward the sending limits) but
 * never becomes a code that verifies; the earlier code stays valid.
 */
export async function markEmailCodeSendFailed(db: Db, id: string, now: Date) {
  await db.update(emailCodes).set({ sendFailedAt: now, supersededAt: now }).where(eq(emailCodes.id, id));
}

/** The application's current code (sent, not used, not replaced), if any. */
export async function findLiveEmailCode(tx: Tx, applicationId: string) {
  const [row] = await tx
    .select({
      id: emailCodes.id,
      emailHash: emailCodes.emailHash,
      codeHash: emailCodes.codeHash,
      expiresAt: emailCodes.expiresAt,
      attempts: emailCodes.attempts,
    })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.applicationId, applicationId),
        isNotNull(emailCodes.sentAt),
        isNull(emailCodes.verifiedAt),
        isNull(emailCodes.supersededAt),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function addWrongEmailCodeAttempt(tx: Tx, id: string) {
  await tx
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id));
}

export async function markEmailCodeVerified(tx: Tx, id: string, now: Date) {
  await tx.update(emailCodes).set({ verifiedAt: now }).where(eq(emailCodes.id, id));
}

/** Look-up hashes of the addresses this application verified. */
export async function listVerifiedEmailHashes(db: Db | Tx, applicationId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ emailHash: emailCodes.emailHash })
    .from(emailCodes)
    .where(and(eq(emailCodes.applicationId, applicationId), isNotNull(emailCodes.verifiedAt)));
  return new Set(rows.map((r) => r.emailHash));
}

import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { emailCodes, smsCodes } from '../../../db/schema';

// The lifecycle the login's SMS code and the personal step's mailed email code share (issue #13:
// it was written twice): a code row is inserted pending, becomes the owner's live code once the
// provider accepted the message (cancelling the owner's earlier ones), or never does when the
// provider refused it; a wrong answer adds an attempt; a right one uses it. Each kind keeps its own
// table, its owner (the mobile's look-up hash, the application) and the name of its "used" time.

/** Where one kind of code lives. The lifecycle's columns have the same names in both tables. */
interface CodeStore {
  table: typeof smsCodes | typeof emailCodes;
  /** Whose live code it is: one live code per owner. */
  owner: PgColumn;
  /** Where the code was sent (a look-up hash): the mobile, the address. */
  sentTo: PgColumn;
  /** The column set when the code is used (logged in with, or verified). */
  used: PgColumn;
  usedKey: 'consumedAt' | 'verifiedAt';
}

export const SMS_CODES: CodeStore = {
  table: smsCodes,
  owner: smsCodes.mobileHash,
  sentTo: smsCodes.mobileHash,
  used: smsCodes.consumedAt,
  usedKey: 'consumedAt',
};

export const EMAIL_CODES: CodeStore = {
  table: emailCodes,
  owner: emailCodes.applicationId,
  sentTo: emailCodes.emailHash,
  used: emailCodes.verifiedAt,
  usedKey: 'verifiedAt',
};

// drizzle types a query by its table: the lifecycle is written once against the SMS table's type,
// which names the shared columns exactly as the email table does (id, code_hash, expires_at,
// attempts, superseded_at, sent_at, send_failed_at, provider_message_id).
const tableOf = (store: CodeStore) => store.table as typeof smsCodes;

/**
 * The provider accepted the message (after the row committed): the code becomes the owner's live
 * one and cancels the owner's earlier codes that were not used.
 */
export async function markCodeSent(
  db: Db,
  store: CodeStore,
  row: { id: string; owner: string; now: Date; providerMessageId: string | undefined },
) {
  const t = tableOf(store);
  await db.transaction(async (tx) => {
    await tx
      .update(t)
      .set({ sentAt: row.now, providerMessageId: row.providerMessageId ?? null })
      .where(eq(t.id, row.id));
    await tx
      .update(t)
      .set({ supersededAt: row.now })
      .where(and(eq(store.owner, row.owner), ne(t.id, row.id), isNull(store.used), isNull(t.supersededAt)));
  });
}

/**
 * The provider refused the message: the row stays (it counts toward the sending limits, so a
 * failing provider cannot be used to ask without limit) but never becomes a live code; the
 * owner's earlier code stays valid.
 */
export async function markCodeSendFailed(db: Db, store: CodeStore, id: string, now: Date) {
  const t = tableOf(store);
  await db.update(t).set({ sendFailedAt: now, supersededAt: now }).where(eq(t.id, id));
}

/** The owner's live code (sent, not used, not replaced), if any. */
export async function findLiveCode(tx: Tx, store: CodeStore, owner: string) {
  const t = tableOf(store);
  const [row] = await tx
    .select({
      id: t.id,
      sentToHash: sql<string>`${store.sentTo}`,
      codeHash: t.codeHash,
      expiresAt: t.expiresAt,
      attempts: t.attempts,
    })
    .from(t)
    .where(and(eq(store.owner, owner), isNotNull(t.sentAt), isNull(store.used), isNull(t.supersededAt)))
    .orderBy(desc(t.createdAt))
    .limit(1);
  return row ?? null;
}

export async function addWrongCodeAttempt(tx: Tx, store: CodeStore, id: string) {
  const t = tableOf(store);
  await tx
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1` })
    .where(eq(t.id, id));
}

/** The code is used: logged in with (SMS) or verified (email). */
export async function markCodeUsed(tx: Tx, store: CodeStore, id: string, now: Date) {
  const t = tableOf(store);
  await tx
    .update(t)
    .set({ [store.usedKey]: now } as { consumedAt: Date })
    .where(eq(t.id, id));
}

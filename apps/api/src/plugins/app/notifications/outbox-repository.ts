import type { Language } from '@hk/domain';
import type { NoticeChannel, NoticeTemplate } from '@hk/domain/review/notices';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { outboxMessages, users } from '../../../db/schema';

// The outbox of the applicant's notifications (docs/backoffice.md "Notifications"): rows written in
// the transaction of the decision, claimed and marked by the sender (outbox-sender.ts). Nothing here
// holds a phone number or an address: the sender reads them when it sends.

export type OutboxRow = typeof outboxMessages.$inferSelect;

export interface NewOutboxMessage {
  eventKey: string;
  applicationId: string;
  userId: string;
  channel: NoticeChannel;
  template: NoticeTemplate;
  lang: Language;
}

/**
 * Queues messages, inside the caller's transaction (they exist only if it commits). An event's
 * message on a channel is written once: a second insert of the same `(event_key, channel)` does
 * nothing. Answers how many rows were new.
 */
export async function insertOutboxMessages(
  tx: Tx,
  rows: readonly NewOutboxMessage[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(outboxMessages)
    .values(rows.map((r) => ({ ...r, createdAt: now, availableAt: now })))
    .onConflictDoNothing({ target: [outboxMessages.eventKey, outboxMessages.channel] })
    .returning({ id: outboxMessages.id });
  return inserted.length;
}

/**
 * Claims up to `limit` due messages in one short transaction: the rows are locked with
 * FOR UPDATE SKIP LOCKED (another process claiming at the same moment takes other rows, never
 * these), their attempt counted and `available_at` moved to `leaseUntil`, then it commits. Nobody
 * else claims them before the lease ends; the caller sends after the commit, holding nothing.
 */
export async function claimDueMessages(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.availableAt, now)))
      .orderBy(asc(outboxMessages.availableAt), asc(outboxMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, availableAt: leaseUntil })
      .where(
        inArray(
          outboxMessages.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The claim this process holds: still pending, with the attempt count it claimed. */
const heldClaim = (m: Pick<OutboxRow, 'id' | 'attempts'>) =>
  and(
    eq(outboxMessages.id, m.id),
    eq(outboxMessages.status, 'pending'),
    eq(outboxMessages.attempts, m.attempts),
  );

/** The provider accepted it. False when the claim was no longer held (a lease that ran out). */
export async function markMessageSent(
  db: Db,
  m: Pick<OutboxRow, 'id' | 'attempts'>,
  now: Date,
  providerMessageId: string | null,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: now, lastError: null, providerMessageId })
    .where(heldClaim(m))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** Not sent this time: tried again from `availableAt`. */
export async function scheduleMessageRetry(
  db: Db,
  m: Pick<OutboxRow, 'id' | 'attempts'>,
  availableAt: Date,
  lastError: string,
): Promise<void> {
  await db.update(outboxMessages).set({ availableAt, lastError }).where(heldClaim(m));
}

/** Given up (`failed`: kept for operators) or nothing to send (`skipped`: e.g. no verified email). */
export async function closeMessage(
  db: Db,
  m: Pick<OutboxRow, 'id' | 'attempts'>,
  status: 'failed' | 'skipped',
  now: Date,
  lastError: string,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status, lastError, ...(status === 'failed' ? { failedAt: now } : {}) })
    .where(heldClaim(m));
}

/** The sealed mobile of a user and its region (the sender decrypts it only to send). */
export async function findUserPhone(
  db: Db,
  userId: string,
): Promise<{ region: string; mobileEnc: string } | null> {
  const [row] = await db
    .select({ region: users.region, mobileEnc: users.mobileEnc })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** An application's messages, oldest first (tests, operators). */
export async function listOutboxMessagesOfApplication(db: Db, applicationId: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.applicationId, applicationId))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.channel));
}

import type { Language } from '@hk/domain';
import type { NoticeChannel, NoticeTemplate } from '@hk/domain/review/notices';
import {
  OUTBOX_OPEN_STATUSES,
  OUTBOX_RETRYABLE_STATUSES,
  type OutboxErrorKind,
  type OutboxOpenStatus,
} from '@hk/domain/review/outbox';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { outboxMessages, users } from '../../../db/schema';

// The outbox of the applicant's notifications (docs/backoffice.md "Notifications"): rows written in
// the transaction of the decision, claimed (`sending`, committed) then sent and marked by the
// sender (outbox-sender.ts), listed and retried by operations (outbox-service.ts). Nothing here
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
 * Claims up to `limit` due messages in one short transaction (issue #22: claimed, then sent): the
 * rows are locked with FOR UPDATE SKIP LOCKED (another process claiming at the same moment takes
 * other rows, never these), set `sending`, their attempt counted, their `version` bumped and
 * `available_at` moved to `leaseUntil`, then it commits — before any provider is asked. A process
 * that stops after this leaves the row `sending`; `settleInterruptedMessages` finds it when the
 * lease ends.
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
      .set({
        status: 'sending',
        attempts: sql`${outboxMessages.attempts} + 1`,
        version: sql`${outboxMessages.version} + 1`,
        availableAt: leaseUntil,
        lastAttemptAt: now,
      })
      .where(
        inArray(
          outboxMessages.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * Messages left `sending` past their lease on `channel` (their process stopped between the claim
 * and recording the provider's answer): nobody knows whether the provider took them. Through a
 * provider that takes an idempotency key they are due again (or `failed` once their attempts are
 * spent); otherwise `unknown`, for operations (domain `outboxStatusAfterUncertain`). Each row moves
 * once, whichever process gets to it first. Answers the rows moved.
 */
export async function settleInterruptedMessages(
  db: Db,
  channel: NoticeChannel,
  opts: { providerIdempotent: boolean; maxAttempts: number },
  now: Date,
): Promise<Pick<OutboxRow, 'id' | 'status' | 'attempts'>[]> {
  const error = "the server stopped before the provider's answer was recorded";
  const stale = and(
    eq(outboxMessages.channel, channel),
    eq(outboxMessages.status, 'sending'),
    lte(outboxMessages.availableAt, now),
  );
  const fields = { id: outboxMessages.id, status: outboxMessages.status, attempts: outboxMessages.attempts };
  if (!opts.providerIdempotent)
    // the claim's version is kept: a provider's answer that comes late still marks it sent
    return db
      .update(outboxMessages)
      .set({ status: 'unknown', errorKind: 'interrupted', lastError: error })
      .where(stale)
      .returning(fields);
  return db
    .update(outboxMessages)
    .set({
      status: sql`case when ${outboxMessages.attempts} >= ${opts.maxAttempts} then 'failed' else 'pending' end`,
      failedAt: sql`case when ${outboxMessages.attempts} >= ${opts.maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
      availableAt: now,
      version: sql`${outboxMessages.version} + 1`,
      errorKind: 'interrupted',
      lastError: error,
    })
    .where(stale)
    .returning(fields);
}

/** The claim this process holds: the row as claimed (its version), still `sending`. */
const heldClaim = (m: Pick<OutboxRow, 'id' | 'version'>) =>
  and(
    eq(outboxMessages.id, m.id),
    eq(outboxMessages.status, 'sending'),
    eq(outboxMessages.version, m.version),
  );

/**
 * The provider accepted it. Also when the claim was meanwhile settled `unknown` (a late answer
 * settles the doubt), never once someone retried it or it was claimed again. False when the claim
 * was no longer held.
 */
export async function markMessageSent(
  db: Db,
  m: Pick<OutboxRow, 'id' | 'version'>,
  now: Date,
  providerMessageId: string | null,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: now,
      lastError: null,
      errorKind: null,
      providerMessageId,
      version: sql`${outboxMessages.version} + 1`,
    })
    .where(
      and(
        eq(outboxMessages.id, m.id),
        inArray(outboxMessages.status, ['sending', 'unknown']),
        eq(outboxMessages.version, m.version),
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** Not sent this time, and sending again is harmless: tried again from `availableAt`. */
export async function scheduleMessageRetry(
  db: Db,
  m: Pick<OutboxRow, 'id' | 'version'>,
  availableAt: Date,
  errorKind: OutboxErrorKind,
  lastError: string,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'pending',
      availableAt,
      errorKind,
      lastError,
      version: sql`${outboxMessages.version} + 1`,
    })
    .where(heldClaim(m));
}

/**
 * Closed by the sender: given up (`failed`: kept for operators), nothing to send (`skipped`: e.g.
 * no verified email), or its outcome uncertain through a provider without an idempotency key
 * (`unknown`: for operators to check and retry by hand).
 */
export async function closeMessage(
  db: Db,
  m: Pick<OutboxRow, 'id' | 'version'>,
  status: 'failed' | 'skipped' | 'unknown',
  now: Date,
  errorKind: OutboxErrorKind,
  lastError: string,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status,
      errorKind,
      lastError,
      version: sql`${outboxMessages.version} + 1`,
      ...(status === 'failed' ? { failedAt: now } : {}),
    })
    .where(heldClaim(m));
}

/**
 * An operator's retry (issue #22): a `failed` or `unknown` message due now, its attempts counted
 * from zero again, if it still has the version the console read. Null when it has not (retried by
 * someone else meanwhile, or marked sent by a late answer): nothing was changed.
 */
export async function requeueMessage(
  db: Db | Tx,
  id: string,
  version: number,
  now: Date,
): Promise<OutboxRow | null> {
  const [row] = await db
    .update(outboxMessages)
    .set({
      status: 'pending',
      attempts: 0,
      availableAt: now,
      failedAt: null,
      version: sql`${outboxMessages.version} + 1`,
    })
    .where(
      and(
        eq(outboxMessages.id, id),
        eq(outboxMessages.version, version),
        inArray(outboxMessages.status, [...OUTBOX_RETRYABLE_STATUSES]),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findOutboxMessage(db: Db | Tx, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return row ?? null;
}

/**
 * The open messages in `statuses`, those needing a person first (unknown, failed, then pending and
 * sending), oldest first within a state, at most `limit`; and how many there are in each state.
 */
export async function listOpenMessages(
  db: Db,
  statuses: readonly OutboxOpenStatus[],
  limit: number,
): Promise<{ rows: OutboxRow[]; counts: Record<OutboxOpenStatus, number> }> {
  const order = sql`case ${outboxMessages.status} when 'unknown' then 0 when 'failed' then 1 when 'pending' then 2 else 3 end`;
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, [...statuses]))
    .orderBy(order, asc(outboxMessages.createdAt), asc(outboxMessages.id))
    .limit(limit);
  const grouped = await db
    .select({ status: outboxMessages.status, n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, [...OUTBOX_OPEN_STATUSES]))
    .groupBy(outboxMessages.status);
  const counts = Object.fromEntries(OUTBOX_OPEN_STATUSES.map((s) => [s, 0])) as Record<
    OutboxOpenStatus,
    number
  >;
  for (const g of grouped) if (g.status in counts) counts[g.status as OutboxOpenStatus] = Number(g.n);
  return { rows, counts };
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

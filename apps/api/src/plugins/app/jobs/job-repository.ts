// The `staff_jobs` table (issue #22, docs/backoffice.md "Jobs"). Only this file touches it; the
// runner and the job kinds decide.

import type { JobKind } from '@hk/domain/staff/jobs';
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { staffJobs } from '../../../db/schema';

export type JobRow = typeof staffJobs.$inferSelect;

/** The claim a runner holds on a running job (its lease token). */
export interface JobClaim {
  id: string;
  leaseToken: string;
}

export async function insertJob(
  db: Db | Tx,
  row: { kind: JobKind; input: Record<string, unknown>; createdBy: string; createdAt: Date },
): Promise<JobRow> {
  const [job] = await db
    .insert(staffJobs)
    .values({ ...row, runAfter: row.createdAt })
    .returning();
  return job!;
}

export async function findJob(db: Db | Tx, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(staffJobs).where(eq(staffJobs.id, id)).limit(1);
  return row ?? null;
}

/**
 * Claims one due job: queued and due, or running under a lease that ran out (its process died).
 * FOR UPDATE SKIP LOCKED: two server processes on one PostgreSQL never claim the same row; a new
 * lease token makes a late write of the previous holder miss (`heldBy`).
 */
export async function claimDueJob(
  db: Db,
  now: Date,
  leaseUntil: Date,
  leaseToken: string,
): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: staffJobs.id })
      .from(staffJobs)
      .where(
        or(
          and(eq(staffJobs.state, 'queued'), lte(staffJobs.runAfter, now)),
          and(eq(staffJobs.state, 'running'), lte(staffJobs.leaseUntil, now)),
        ),
      )
      .orderBy(asc(staffJobs.createdAt), asc(staffJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(staffJobs)
      .set({
        state: 'running',
        attempts: sql`${staffJobs.attempts} + 1`,
        leaseToken,
        leaseUntil,
        heartbeatAt: now,
        startedAt: sql`coalesce(${staffJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(staffJobs.id, due.id))
      .returning();
    return row ?? null;
  });
}

/** The claim still held: running, with this lease token. */
const heldBy = (claim: JobClaim) =>
  and(eq(staffJobs.id, claim.id), eq(staffJobs.state, 'running'), eq(staffJobs.leaseToken, claim.leaseToken));

/** The claim's lease renewed while one long step runs (a parse in the worker pool): false when lost. */
export async function renewJobLease(db: Db, claim: JobClaim, now: Date, leaseUntil: Date): Promise<boolean> {
  const rows = await db
    .update(staffJobs)
    .set({ heartbeatAt: now, leaseUntil })
    .where(heldBy(claim))
    .returning({ id: staffJobs.id });
  return rows.length > 0;
}

/**
 * Progress (and a renewed lease), written in the caller's transaction with the batch it counts:
 * false when the claim is lost (the caller rolls its batch back).
 */
export async function updateJobProgress(
  db: Db | Tx,
  claim: JobClaim,
  set: { done: number; total?: number | null; now: Date; leaseUntil: Date },
): Promise<boolean> {
  const rows = await db
    .update(staffJobs)
    .set({
      progressDone: set.done,
      ...(set.total !== undefined ? { progressTotal: set.total } : {}),
      heartbeatAt: set.now,
      leaseUntil: set.leaseUntil,
    })
    .where(heldBy(claim))
    .returning({ id: staffJobs.id });
  return rows.length > 0;
}

export async function succeedJob(
  db: Db | Tx,
  claim: JobClaim,
  set: {
    result: Record<string, unknown>;
    now: Date;
    resultKey?: string;
    resultExpiresAt?: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(staffJobs)
    .set({
      state: 'succeeded',
      result: set.result,
      resultKey: set.resultKey ?? null,
      resultExpiresAt: set.resultExpiresAt ?? null,
      progressDone: sql`coalesce(${staffJobs.progressTotal}, ${staffJobs.progressDone})`,
      finishedAt: set.now,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(heldBy(claim))
    .returning({ id: staffJobs.id });
  return rows.length > 0;
}

/** Ends a job as failed with a key of the `errors` catalogue. */
export async function failJob(db: Db | Tx, claim: JobClaim, errorCode: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffJobs)
    .set({ state: 'failed', errorCode, finishedAt: now, leaseToken: null, leaseUntil: null })
    .where(heldBy(claim))
    .returning({ id: staffJobs.id });
  return rows.length > 0;
}

/** Gives the job back to the queue (a full worker pool, a stopping runner): tried again at `runAfter`. */
export async function releaseJob(db: Db | Tx, claim: JobClaim, runAfter: Date): Promise<boolean> {
  const rows = await db
    .update(staffJobs)
    .set({ state: 'queued', runAfter, leaseToken: null, leaseUntil: null })
    .where(heldBy(claim))
    .returning({ id: staffJobs.id });
  return rows.length > 0;
}

/** A job finished when it is made (the same statement again answers its first import). */
export async function insertFinishedJob(
  db: Db | Tx,
  row: {
    kind: JobKind;
    input: Record<string, unknown>;
    createdBy: string;
    createdAt: Date;
    result: Record<string, unknown>;
    total: number;
  },
): Promise<JobRow> {
  const [job] = await db
    .insert(staffJobs)
    .values({
      kind: row.kind,
      input: row.input,
      createdBy: row.createdBy,
      createdAt: row.createdAt,
      runAfter: row.createdAt,
      state: 'succeeded',
      result: row.result,
      progressDone: row.total,
      progressTotal: row.total,
      startedAt: row.createdAt,
      finishedAt: row.createdAt,
    })
    .returning();
  return job!;
}

/** Prepared files past their time: their jobs, to remove the file and forget the key. */
export function listExpiredResults(db: Db, now: Date, limit: number) {
  return db
    .select({ id: staffJobs.id, resultKey: staffJobs.resultKey })
    .from(staffJobs)
    .where(and(isNotNull(staffJobs.resultKey), lte(staffJobs.resultExpiresAt, now)))
    .limit(limit);
}

export async function forgetResultKey(tx: Tx, id: string, key: string): Promise<boolean> {
  const rows = await tx
    .update(staffJobs)
    .set({ resultKey: null })
    .where(and(eq(staffJobs.id, id), eq(staffJobs.resultKey, key)))
    .returning({ id: staffJobs.id });
  return rows.length > 0;
}

/** Which of `keys` a job still names (the file sweep must keep them). */
export async function findLiveJobKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: staffJobs.resultKey })
    .from(staffJobs)
    .where(inArray(staffJobs.resultKey, keys));
  return new Set(rows.map((r) => r.key!));
}

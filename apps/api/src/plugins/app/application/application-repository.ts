import { ApplicationStatus } from '@hk/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { applications, users } from '../../../db/schema';
import { type EventMeta, recordEvent } from '../events/event-repository';
import type { ApplicationRow } from '../steps/step-repository';

export type { ApplicationRow };

/** One application per user: a second call finds the first (idempotent under races too). */
export async function createApplication(
  db: Db,
  input: { userId: string; markets: string[]; source: string | null; now: Date },
  meta: EventMeta,
): Promise<{ application: ApplicationRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(applications)
      .values({
        userId: input.userId,
        markets: input.markets,
        source: input.source,
        status: ApplicationStatus.FILLING,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing({ target: applications.userId })
      .returning();
    if (inserted) {
      await recordEvent(tx, meta, {
        type: 'application_created',
        applicationId: inserted.id,
        userId: input.userId,
        statusTo: inserted.status,
        data: { markets: input.markets },
        at: input.now,
      });
      return { application: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(applications)
      .where(eq(applications.userId, input.userId))
      .limit(1);
    if (!existing) throw new Error('application vanished after a conflicting insert');
    return { application: existing, created: false };
  });
}

export async function findUserMobileMasked(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ mobileMasked: users.mobileMasked })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.mobileMasked ?? null;
}

/** spec §4 `bank_type`: the kind of designated account the bank step gave (status, user centre). */
export async function setBankType(tx: Tx, applicationId: string, bankType: number): Promise<void> {
  await tx.update(applications).set({ bankType }).where(eq(applications.id, applicationId));
}

/** The status of a user's application, or null when there is none. */
export async function findApplicationStatusOfUser(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.userId, userId))
    .limit(1);
  return row?.status ?? null;
}

/**
 * Writes a status change only if the application still has the status it was decided from (a
 * concurrent change wins): the updated row, or null when it lost.
 */
export async function updateStatusIfUnchanged(
  tx: Tx,
  app: Pick<ApplicationRow, 'id' | 'status'>,
  set: { status: number; updatedAt: Date; submittedAt?: Date; relationshipEndedAt?: Date },
): Promise<ApplicationRow | null> {
  const [updated] = await tx
    .update(applications)
    .set(set)
    .where(and(eq(applications.id, app.id), eq(applications.status, app.status)))
    .returning();
  return updated ?? null;
}

import { checkIsEditableStatus, lockedErrorOf } from '@hk/domain';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { applicationSteps, applications } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

export type StepRow = typeof applicationSteps.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;

export async function listStepRows(db: Db | Tx, applicationId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(applicationSteps)
    .where(eq(applicationSteps.applicationId, applicationId))
    .orderBy(asc(applicationSteps.createdAt));
}

export async function findStepRow(db: Db | Tx, applicationId: string, step: string): Promise<StepRow | null> {
  const [row] = await db
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, applicationId), eq(applicationSteps.step, step)))
    .limit(1);
  return row ?? null;
}

/** The step's row, created empty (version 0: nothing saved yet) on first use, locked until the transaction ends. */
export async function lockStepRow(tx: Tx, applicationId: string, step: string, now: Date): Promise<StepRow> {
  await tx
    .insert(applicationSteps)
    .values({ applicationId, step, version: 0, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, applicationId), eq(applicationSteps.step, step)))
    .for('update')
    .limit(1);
  return row!;
}

export async function updateStepRow(
  tx: Tx,
  applicationId: string,
  step: string,
  patch: Partial<
    Pick<StepRow, 'answers' | 'sealed' | 'version' | 'confirmedAt' | 'reopenedReason' | 'updatedAt'>
  >,
): Promise<void> {
  await tx
    .update(applicationSteps)
    .set(patch)
    .where(and(eq(applicationSteps.applicationId, applicationId), eq(applicationSteps.step, step)));
}

export async function findApplicationByUser(db: Db | Tx, userId: string): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(applications).where(eq(applications.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * The user's application, locked for the rest of the transaction: every change to one application
 * is serialised on this row, across server processes.
 */
export async function lockApplicationOfUser(tx: Tx, userId: string): Promise<ApplicationRow> {
  const [app] = await tx
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .for('update')
    .limit(1);
  if (!app) throw new AppError('APPLICATION_NOT_FOUND');
  return app;
}

/** The user's application, locked, and still editable by them (spec §4: 0 or -1). */
export async function lockEditableApplicationOfUser(tx: Tx, userId: string): Promise<ApplicationRow> {
  const app = await lockApplicationOfUser(tx, userId);
  if (!checkIsEditableStatus(app.status)) throw new AppError(lockedErrorOf(app.status));
  return app;
}

export async function lockApplication(tx: Tx, applicationId: string): Promise<ApplicationRow | null> {
  const [app] = await tx
    .select()
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update')
    .limit(1);
  return app ?? null;
}

export async function touchApplication(tx: Tx, applicationId: string, now: Date): Promise<void> {
  await tx.update(applications).set({ updatedAt: now }).where(eq(applications.id, applicationId));
}

/**
 * Another application that was submitted (or got further) with this ID number's look-up hash:
 * only those count as taken (docs/decisions/007: a stranger typing someone's number into a draft
 * locks nobody out).
 */
export async function findSubmittedHolderOfIdHash(
  db: Db | Tx,
  idNumberHash: string,
  exceptApplicationId: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applicationSteps)
    .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
    .where(
      and(
        eq(applicationSteps.step, 'identity'),
        sql`(${applicationSteps.sealed}->'id_number'->>'hash') = ${idNumberHash}`,
        ne(applications.id, exceptApplicationId),
        // submitted at least once: still theirs while staff send it back (-1) for changes
        isNotNull(applications.submittedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

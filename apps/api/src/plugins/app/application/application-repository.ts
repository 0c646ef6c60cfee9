import { ApplicationStatus } from '@hk/domain';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { applications, documents, users } from '../../../db/schema';

export type ApplicationRow = typeof applications.$inferSelect;

/** Statuses in which the person may still change the application (spec §4: -1 = sent back). */
export const EDITABLE_STATUSES: readonly number[] = [ApplicationStatus.FILLING, ApplicationStatus.REJECTED];

export function checkIsEditable(app: Pick<ApplicationRow, 'status'>): boolean {
  return EDITABLE_STATUSES.includes(app.status);
}

export async function findApplicationByUser(db: Db | Tx, userId: string): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(applications).where(eq(applications.userId, userId)).limit(1);
  return row ?? null;
}

/** The user's application, its row locked until the transaction ends. */
export async function lockApplicationOfUser(tx: Tx, userId: string): Promise<ApplicationRow | null> {
  const [row] = await tx
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** One application per user: a second call finds the first (idempotent under races too). */
export async function createApplication(
  db: Db,
  input: { userId: string; markets: string[]; source: string | null; now: Date },
): Promise<{ application: ApplicationRow; created: boolean }> {
  const [inserted] = await db
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
  if (inserted) return { application: inserted, created: true };
  const existing = await findApplicationByUser(db, input.userId);
  if (!existing) throw new Error('application vanished after a conflicting insert');
  return { application: existing, created: false };
}

export async function findUserMobileMasked(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ mobileMasked: users.mobileMasked })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.mobileMasked ?? null;
}

type ApplicationPatch = Partial<Omit<typeof applications.$inferInsert, 'id' | 'userId' | 'createdAt'>>;

/**
 * Updates an application only while it is still editable; answers false when it was submitted
 * in the meantime (the caller turns that into APPLICATION_LOCKED).
 */
export async function updateEditableApplication(
  db: Db | Tx,
  applicationId: string,
  patch: ApplicationPatch,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set(patch)
    .where(and(eq(applications.id, applicationId), inArray(applications.status, [...EDITABLE_STATUSES])))
    .returning({ id: applications.id });
  return rows.length > 0;
}

/** The other application (if any) that already holds this ID number's look-up hash. */
export async function findOtherApplicationWithIdHash(
  db: Db,
  idNumberHash: string,
  exceptApplicationId: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.idNumberHash, idNumberHash), ne(applications.id, exceptApplicationId)))
    .limit(1);
  return row ?? null;
}

/** PostgreSQL (and PGlite) unique-violation, possibly wrapped by drizzle's query error. */
export function checkIsUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const o = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (o.code === '23505') {
      if (!constraint) return true;
      return o.constraint === constraint || String(o.message ?? '').includes(constraint);
    }
    e = o.cause;
  }
  return false;
}

/**
 * Confirms the ID step in one transaction: the application row is locked, must still be
 * editable and must still have both ID photos (a photo deleted meanwhile would otherwise leave a
 * step confirmed against nothing).
 */
export async function confirmIdStep(
  db: Db,
  applicationId: string,
  patch: ApplicationPatch,
  /** The location the details were checked against: a change since then refuses the confirmation. */
  expected: { idLocation: string; nationality: string | null },
): Promise<'ok' | 'locked' | 'images_missing' | 'location_changed'> {
  return db.transaction(async (tx) => {
    const [app] = await tx
      .select({
        status: applications.status,
        idLocation: applications.idLocation,
        nationality: applications.nationality,
      })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for('update')
      .limit(1);
    if (!app || !checkIsEditable(app)) return 'locked';
    if (app.idLocation !== expected.idLocation || app.nationality !== expected.nationality)
      return 'location_changed';
    const docs = await tx
      .select({ kind: documents.kind })
      .from(documents)
      .where(and(eq(documents.applicationId, applicationId), isNull(documents.deletedAt)));
    const kinds = new Set(docs.map((d) => d.kind));
    if (!(kinds.has('id_front') && kinds.has('id_back'))) return 'images_missing';
    await tx.update(applications).set(patch).where(eq(applications.id, applicationId));
    return 'ok';
  });
}

// The applicant's side of the identity deposit: the only module of it that touches the ORM
// (receiving accounts, today's rate, the remittance row, the voucher documents).
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { documents, fxRates, receivingAccounts, remittances } from '../../../db/schema';

export type RemittanceRow = typeof remittances.$inferSelect;
export type ReceivingAccountRow = typeof receivingAccounts.$inferSelect;

/** The broker's accounts that take deposits now, in the order operations set. */
export async function listActiveReceivingAccounts(db: Db | Tx): Promise<ReceivingAccountRow[]> {
  return db
    .select()
    .from(receivingAccounts)
    .where(eq(receivingAccounts.active, true))
    .orderBy(asc(receivingAccounts.sort), asc(receivingAccounts.currency));
}

/** The rate valid on `on` (YYYY-MM-DD): the latest one not after it (one per currency and day). */
export async function findFxRateOn(
  db: Db | Tx,
  currency: 'USD',
  on: string,
): Promise<{ hkdPerUnit: string; validOn: string } | null> {
  const [row] = await db
    .select({ hkdPerUnit: fxRates.hkdPerUnit, validOn: fxRates.validOn })
    .from(fxRates)
    .where(and(eq(fxRates.currency, currency), lte(fxRates.validOn, on)))
    .orderBy(desc(fxRates.validOn))
    .limit(1);
  return row ?? null;
}

export async function findRemittance(db: Db | Tx, applicationId: string): Promise<RemittanceRow | null> {
  const [row] = await db
    .select()
    .from(remittances)
    .where(eq(remittances.applicationId, applicationId))
    .limit(1);
  return row ?? null;
}

/**
 * The application's remittance row, made `open` if it has none yet, locked for the rest of the
 * transaction: operations' changes to it wait for this one (and compare `version`).
 */
export async function lockRemittance(tx: Tx, applicationId: string, now: Date): Promise<RemittanceRow> {
  await tx
    .insert(remittances)
    .values({ applicationId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: remittances.applicationId });
  const [row] = await tx
    .select()
    .from(remittances)
    .where(eq(remittances.applicationId, applicationId))
    .for('update')
    .limit(1);
  return row!;
}

/**
 * Compare-and-set: writes `changes` and bumps `version` only if the row is still at `version`.
 * Null when another writer got there first (nothing written).
 */
export async function updateRemittanceIfVersion(
  tx: Tx,
  applicationId: string,
  version: number,
  changes: Partial<Omit<RemittanceRow, 'applicationId' | 'version' | 'createdAt'>>,
): Promise<RemittanceRow | null> {
  const [row] = await tx
    .update(remittances)
    .set({ ...changes, version: sql`${remittances.version} + 1` })
    .where(and(eq(remittances.applicationId, applicationId), eq(remittances.version, version)))
    .returning();
  return row ?? null;
}

/** A voucher document of this application by id (replaced ones too: they stay as records). */
export async function findVoucherDocument(db: Db | Tx, applicationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.applicationId, applicationId)))
    .limit(1);
  return row ?? null;
}

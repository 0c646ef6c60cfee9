import { and, count, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { liveVideoCodes } from '../../../db/schema';

// The face video's single-use digits (`liveVideoCheck`): stored sealed with a keyed hash.

/** How many attempts an application was given since `since`. */
export async function countLiveCodesSince(tx: Tx, applicationId: string, since: Date): Promise<number> {
  const [issued] = await tx
    .select({ n: count() })
    .from(liveVideoCodes)
    .where(and(eq(liveVideoCodes.applicationId, applicationId), gt(liveVideoCodes.createdAt, since)));
  return issued?.n ?? 0;
}

export async function insertLiveCode(
  tx: Tx,
  row: { applicationId: string; digitsSealed: string; digitsHash: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [inserted] = await tx.insert(liveVideoCodes).values(row).returning({ id: liveVideoCodes.id });
  return inserted!.id;
}

/** One application's attempt, locked for the transaction (null when unknown or another's). */
export async function lockLiveCodeOfApplication(tx: Tx, id: string, applicationId: string) {
  const [code] = await tx
    .select()
    .from(liveVideoCodes)
    .where(and(eq(liveVideoCodes.id, id), eq(liveVideoCodes.applicationId, applicationId)))
    .for('update')
    .limit(1);
  return code ?? null;
}

export async function markLiveCodeUsed(tx: Tx, id: string, documentId: string, at: Date): Promise<void> {
  await tx.update(liveVideoCodes).set({ usedAt: at, documentId }).where(eq(liveVideoCodes.id, id));
}

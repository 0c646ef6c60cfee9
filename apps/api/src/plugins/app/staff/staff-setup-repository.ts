import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staffSetupTokens } from '../../../db/schema';

// One-time first-sign-in links (issue #22): only the token's SHA-256 is stored.

export type StaffSetupTokenRow = typeof staffSetupTokens.$inferSelect;

const open = (now: Date) =>
  and(
    isNull(staffSetupTokens.usedAt),
    isNull(staffSetupTokens.revokedAt),
    gt(staffSetupTokens.expiresAt, now),
  );

/** A new link for a member; every older open link of the member is revoked in the same statement order. */
export async function insertSetupToken(
  db: Db,
  values: { staffId: string; tokenHash: string; createdBy: string | null; expiresAt: Date },
  now: Date,
) {
  await db
    .update(staffSetupTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSetupTokens.staffId, values.staffId),
        isNull(staffSetupTokens.usedAt),
        isNull(staffSetupTokens.revokedAt),
      ),
    );
  await db.insert(staffSetupTokens).values({ ...values, createdAt: now });
}

export async function revokeSetupTokens(db: Db, staffId: string, now: Date) {
  await db
    .update(staffSetupTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSetupTokens.staffId, staffId),
        isNull(staffSetupTokens.usedAt),
        isNull(staffSetupTokens.revokedAt),
      ),
    );
}

/** The open link with this hash (not used, not revoked, not expired), or null. */
export async function findOpenSetupToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffSetupTokens)
    .where(and(eq(staffSetupTokens.tokenHash, tokenHash), open(now)))
    .limit(1);
  return row ?? null;
}

/** Keeps the secret the link's page shows, once: a second call reads the first one's. */
export async function setPendingTotp(db: Db, id: string, sealed: string) {
  await db
    .update(staffSetupTokens)
    .set({ pendingTotpSealed: sealed })
    .where(and(eq(staffSetupTokens.id, id), isNull(staffSetupTokens.pendingTotpSealed)));
  const [row] = await db.select().from(staffSetupTokens).where(eq(staffSetupTokens.id, id)).limit(1);
  return row ?? null;
}

/** Uses the link: true only for the one call that did (single use, even racing). */
export async function useSetupToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffSetupTokens)
    .set({ usedAt: now })
    .where(and(eq(staffSetupTokens.id, id), open(now)))
    .returning({ id: staffSetupTokens.id });
  return rows.length === 1;
}

/** The open links' ends per member (the staff page's "awaiting first sign-in … until"). */
export async function openSetupLinkEnds(db: Db, staffIds: string[], now: Date) {
  if (staffIds.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({ staffId: staffSetupTokens.staffId, expiresAt: sql<Date>`max(${staffSetupTokens.expiresAt})` })
    .from(staffSetupTokens)
    .where(and(inArray(staffSetupTokens.staffId, staffIds), open(now)))
    .groupBy(staffSetupTokens.staffId)
    .orderBy(desc(staffSetupTokens.staffId));
  return new Map(rows.map((r) => [r.staffId, new Date(r.expiresAt)]));
}

import { and, count, eq, gt, max } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { loginFailures, smsCodes } from '../../../db/schema';

/** One wrong SMS code given at login, by the mobile it was for and the client key it came from. */
export async function recordLoginFailure(tx: Tx, row: { mobileHash: string; ip: string; now: Date }) {
  await tx.insert(loginFailures).values({ mobileHash: row.mobileHash, ip: row.ip, createdAt: row.now });
}

/** Wrong codes from this client key since `since`, over every mobile. */
export async function countLoginFailuresByIp(tx: Tx, ip: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Wrong codes for this mobile since `since` and since its last login (the last code used up): a
 * person who got in starts again without the captcha.
 */
export async function countLoginFailuresByMobile(tx: Tx, mobileHash: string, since: Date): Promise<number> {
  const [last] = await tx
    .select({ at: max(smsCodes.consumedAt) })
    .from(smsCodes)
    .where(eq(smsCodes.mobileHash, mobileHash));
  const lastLogin = last?.at ? new Date(last.at) : null;
  const from = lastLogin && lastLogin > since ? lastLogin : since;
  const [row] = await tx
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.mobileHash, mobileHash), gt(loginFailures.createdAt, from)));
  return row?.n ?? 0;
}

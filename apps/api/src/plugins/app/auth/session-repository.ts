import { SESSION_TTL_S } from '@hk/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions } from '../../../db/schema';
import { randomToken, sha256Hex } from '../../../lib/crypto';

export async function createSession(db: Db, userId: string, deviceId: string, now: Date) {
  const token = randomToken();
  const tokenHash = sha256Hex(token);
  await db.insert(sessions).values({
    tokenHash,
    userId,
    deviceId: deviceId || null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_S * 1000),
  });
  return { token, expiresIn: SESSION_TTL_S };
}

export async function findActiveSession(db: Db, token: string, now: Date) {
  const tokenHash = sha256Hex(token);
  const [row] = await db
    .select({ userId: sessions.userId, tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Db, tokenHash: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { captchaRequests, captchas } from '../../../db/schema';

/** Stores a device's new captcha; it replaces every earlier one of that device. */
export async function replaceCaptcha(
  db: Db | Tx,
  row: { deviceId: string; textHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(captchas).where(eq(captchas.deviceId, row.deviceId));
    await tx.insert(captchas).values({
      deviceId: row.deviceId,
      textHash: row.textHash,
      createdAt: row.now,
      expiresAt: row.expiresAt,
    });
  });
}

/** How many captchas this IP was issued since `since`. */
export async function countCaptchaRequests(tx: Tx, ip: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(captchaRequests)
    .where(and(eq(captchaRequests.ip, ip), gt(captchaRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordCaptchaRequest(tx: Tx, ip: string, now: Date): Promise<void> {
  await tx.insert(captchaRequests).values({ ip, createdAt: now });
}

/**
 * Uses up the device's current captcha, whatever was typed (single use: a wrong guess burns it
 * too, so the text cannot be guessed by trying), and says whether the text matched.
 */
export async function consumeCaptcha(
  tx: Tx,
  deviceId: string,
  textHash: string,
  now: Date,
): Promise<boolean> {
  const [current] = await tx
    .select({ id: captchas.id, textHash: captchas.textHash })
    .from(captchas)
    .where(and(eq(captchas.deviceId, deviceId), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .orderBy(desc(captchas.createdAt))
    .limit(1)
    .for('update');
  if (!current) return false;
  await tx.update(captchas).set({ usedAt: now }).where(eq(captchas.id, current.id));
  return current.textHash === textHash;
}

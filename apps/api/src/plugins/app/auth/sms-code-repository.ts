import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { smsCodes, smsRequests } from '../../../db/schema';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SmsActivity {
  /** Requests (sent or refused) in the last hour: the captcha rule of spec §5. */
  mobileRequestsLastHour: number;
  ipRequestsLastHour: number;
  /** Codes sent: the sending limits. */
  lastCodeAt: Date | null;
  mobileCodesLastHour: number;
  mobileCodesLastDay: number;
  ipCodesLastHour: number;
}

export async function readSmsActivity(
  tx: Tx,
  mobileHash: string,
  ip: string,
  now: Date,
): Promise<SmsActivity> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [mobileCodes] = await tx
    .select({
      lastDay: count(),
      lastHour: sql<number>`count(*) filter (where ${gt(smsCodes.createdAt, hourAgo)})`.mapWith(Number),
      last: max(smsCodes.createdAt),
    })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobileHash, mobileHash), gt(smsCodes.createdAt, dayAgo)));
  const [ipCodes] = await tx
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, hourAgo)));
  const [requests] = await tx
    .select({
      mobile: sql<number>`count(*) filter (where ${eq(smsRequests.mobileHash, mobileHash)})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${eq(smsRequests.ip, ip)})`.mapWith(Number),
    })
    .from(smsRequests)
    .where(
      and(
        sql`(${eq(smsRequests.mobileHash, mobileHash)} or ${eq(smsRequests.ip, ip)})`,
        gt(smsRequests.createdAt, hourAgo),
      ),
    );
  const last = mobileCodes?.last;
  return {
    mobileRequestsLastHour: requests?.mobile ?? 0,
    ipRequestsLastHour: requests?.ip ?? 0,
    lastCodeAt: last ? new Date(last) : null,
    mobileCodesLastHour: mobileCodes?.lastHour ?? 0,
    mobileCodesLastDay: mobileCodes?.lastDay ?? 0,
    ipCodesLastHour: ipCodes?.n ?? 0,
  };
}

export async function recordSmsRequest(tx: Tx, row: { mobileHash: string; ip: string; now: Date }) {
  await tx.insert(smsRequests).values({ mobileHash: row.mobileHash, ip: row.ip, createdAt: row.now });
}

/**
 * A new code, pending until the provider accepts it (markSmsCodeSent): the mobile's earlier code
 * stays the live one meanwhile, and stays live if the send fails.
 */
export async function insertSmsCode(
  tx: Tx,
  row: { mobileHash: string; ip: string; codeHash: string; now: Date; expiresAt: Date },
) {
  const [inserted] = await tx
    .insert(smsCodes)
    .values({
      mobileHash: row.mobileHash,
      ip: row.ip,
      codeHash: row.codeHash,
      createdAt: row.now,
      expiresAt: row.expiresAt,
    })
    .returning({ id: smsCodes.id });
  return inserted!.id;
}

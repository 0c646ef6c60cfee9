import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { sha256Hex } from '../../../lib/crypto';

/**
 * Serialises transactions about one subject (a mobile, an IP) across every server process on the
 * same PostgreSQL (decision 004): the lock is held until the transaction ends. PGlite has the same
 * function. The key is the first 64 bits of a SHA-256 of the subject.
 */
export async function lockSubject(tx: Tx, subject: string): Promise<void> {
  const key = BigInt.asIntN(64, BigInt(`0x${sha256Hex(subject).slice(0, 16)}`));
  await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
}

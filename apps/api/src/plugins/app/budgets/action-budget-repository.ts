import { and, count, eq, gte } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { documents } from '../../../db/schema';

/**
 * Document rows an application gained at or after `since`, replaced and deleted ones included: a
 * superseded file stays as history, so it keeps counting toward the upload budget.
 */
export async function countDocumentRowsSince(
  tx: Tx | Db,
  applicationId: string,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), gte(documents.createdAt, since)));
  return Number(row?.n ?? 0);
}

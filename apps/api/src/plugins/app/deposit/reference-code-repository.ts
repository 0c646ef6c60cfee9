// The deposit reference code (packages/domain/src/deposit/reference-code.ts) stored on the
// application (`applications.deposit_reference`, unique).
import { randomBytes } from 'node:crypto';
import { generateReferenceCode } from '@hk/domain/deposit/reference-code';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { applications } from '../../../db/schema';

const MAX_ATTEMPTS = 5;

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
function checkIsUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/**
 * Gives the application its code unless it has one; answers the code it has afterwards and whether
 * this call gave it. Call with the application row locked: two requests at once then give one
 * code (the second waits and finds it). A code another application holds (35 random bits: rare)
 * is refused by the unique index inside a savepoint, and another is drawn.
 */
export async function issueReferenceCode(
  tx: Tx,
  applicationId: string,
  random: (size: number) => Uint8Array = randomBytes,
): Promise<{ code: string; issued: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const code = generateReferenceCode(random);
    try {
      const updated = await tx.transaction(async (savepoint) =>
        savepoint
          .update(applications)
          .set({ depositReference: code })
          .where(and(eq(applications.id, applicationId), isNull(applications.depositReference)))
          .returning({ code: applications.depositReference }),
      );
      if (updated.length) return { code, issued: true };
      const [row] = await tx
        .select({ code: applications.depositReference })
        .from(applications)
        .where(eq(applications.id, applicationId));
      if (row?.code) return { code: row.code, issued: false };
      throw new Error('application not found while issuing its deposit reference');
    } catch (err) {
      if (!checkIsUniqueViolation(err) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

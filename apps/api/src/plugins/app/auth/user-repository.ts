import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema';

export interface NewUser {
  region: string;
  mobileEnc: string;
  mobileHash: string;
  mobileMasked: string;
  source: string | null;
  signup: Record<string, string>;
}

/**
 * The user of this mobile, created on first login. An existing user keeps the source and sign-up
 * extras of their first login; `last_login_at` moves on every login.
 */
export async function findOrCreateUser(tx: Tx, user: NewUser, now: Date): Promise<{ id: string }> {
  await tx
    .insert(users)
    .values({ ...user, createdAt: now })
    .onConflictDoNothing({ target: users.mobileHash });
  const [row] = await tx
    .update(users)
    .set({ lastLoginAt: now })
    .where(eq(users.mobileHash, user.mobileHash))
    .returning({ id: users.id });
  if (!row) throw new Error('user row missing after insert');
  return row;
}

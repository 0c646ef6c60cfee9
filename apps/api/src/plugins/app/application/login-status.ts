import { checkIsEditableStatus, LoginUserStatus } from '@hk/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { applications } from '../../../db/schema';

/** What login answers in `status`: 0 no application, 1 being filled in, 2 submitted or later. */
export async function findLoginStatus(db: Db, userId: string): Promise<LoginUserStatus> {
  const [row] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.userId, userId))
    .limit(1);
  if (!row) return LoginUserStatus.NEW;
  return checkIsEditableStatus(row.status) ? LoginUserStatus.IN_PROGRESS : LoginUserStatus.SUBMITTED;
}

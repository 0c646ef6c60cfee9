import { checkIsEditableStatus, LoginUserStatus } from '@hk/domain';
import type { Db } from '../../../db/client';
import { findApplicationStatusOfUser } from './application-repository';

/** What login answers in `status`: 0 no application, 1 being filled in, 2 submitted or later. */
export async function findLoginStatus(db: Db, userId: string): Promise<LoginUserStatus> {
  const status = await findApplicationStatusOfUser(db, userId);
  if (status === null) return LoginUserStatus.NEW;
  return checkIsEditableStatus(status) ? LoginUserStatus.IN_PROGRESS : LoginUserStatus.SUBMITTED;
}

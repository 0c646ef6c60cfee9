// Who may act on an application: the caller's own one, and (for changes) only while it is editable.
import { checkIsEditableStatus, lockedErrorOf } from '@hk/domain';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { type ApplicationRow, findApplicationByUser } from '../steps/step-repository';

export async function requireApplication(ctx: AppContext, userId: string): Promise<ApplicationRow> {
  const app = await findApplicationByUser(ctx.db, userId);
  if (!app) throw new AppError('APPLICATION_NOT_FOUND');
  return app;
}

export function requireEditable(app: ApplicationRow): void {
  // spec §4: only an application being filled in (0) or sent back (-1) can change
  if (!checkIsEditableStatus(app.status)) throw new AppError(lockedErrorOf(app.status));
}

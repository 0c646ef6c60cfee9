import {
  ACTION_LIMIT_WINDOW_MS,
  ACTION_LIMITS_PER_HOUR,
  type BudgetedAction,
} from '@hk/domain/flow/action-limits';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { countEventsSince, type EventType } from '../events/event-repository';
import { lockApplication } from '../steps/step-repository';
import { countDocumentRowsSince } from './action-budget-repository';

/** What each budget counts: the history rows its call writes, so the count is the record itself. */
const EVENTS_OF: Record<Exclude<BudgetedAction, 'upload'>, readonly EventType[]> = {
  appointment: ['appointment_booked', 'appointment_changed'],
  agreement_opened: ['agreement_opened'],
  risk_disclosure_start: ['risk_disclosure_started'],
};

/**
 * An upload's budget counts the rows it kept (replaced and deleted ones too) and the uploads the
 * heavy work refused (`upload_refused`): a file that fails its check after seconds of parsing
 * costs the same budget as one stored, so hostile files cannot keep the worker pool busy.
 */
async function countSince(tx: Tx | Db, applicationId: string, action: BudgetedAction, since: Date) {
  if (action !== 'upload') return countEventsSince(tx, applicationId, EVENTS_OF[action], since);
  const [rows, refused] = [
    await countDocumentRowsSince(tx, applicationId, since),
    await countEventsSince(tx, applicationId, 'upload_refused', since),
  ];
  return rows + refused;
}

/**
 * The budget read without a lock, before costly work (an upload's parsing): a client past its
 * budget is refused for the price of a count. `requireActionBudget` in the write decides.
 */
export async function checkActionBudget(
  db: Tx | Db,
  applicationId: string,
  action: BudgetedAction,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - ACTION_LIMIT_WINDOW_MS);
  if ((await countSince(db, applicationId, action, since)) >= ACTION_LIMITS_PER_HOUR[action])
    throw new AppError('ACTION_LIMIT');
}

/**
 * Refuses (2019 ACTION_LIMIT) a write of `action` when the application already made
 * ACTION_LIMITS_PER_HOUR[action] of them in the last hour of the server's clock. Call it in the
 * write's transaction, just before the write, once the call is known to change something.
 *
 * The count is taken under the application's row lock (taken again here, so no caller can forget
 * it): a concurrent request of the same application waits for it and, once this transaction
 * commits, counts this write too (each statement of a READ COMMITTED transaction sees what was
 * committed before it). The rows are in the database, so every server process counts the same.
 */
export async function requireActionBudget(
  tx: Tx,
  applicationId: string,
  action: BudgetedAction,
  now: Date,
): Promise<void> {
  await lockApplication(tx, applicationId);
  await checkActionBudget(tx, applicationId, action, now);
}

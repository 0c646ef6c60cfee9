import {
  ACTION_LIMIT_WINDOW_MS,
  ACTION_LIMITS_PER_HOUR,
  type BudgetedAction,
} from '@hk/domain/flow/action-limits';
import type { Tx } from '../../../db/client';
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

async function countSince(tx: Tx, applicationId: string, action: BudgetedAction, since: Date) {
  return action === 'upload'
    ? countDocumentRowsSince(tx, applicationId, since)
    : countEventsSince(tx, applicationId, EVENTS_OF[action], since);
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
  const since = new Date(now.getTime() - ACTION_LIMIT_WINDOW_MS);
  if ((await countSince(tx, applicationId, action, since)) >= ACTION_LIMITS_PER_HOUR[action])
    throw new AppError('ACTION_LIMIT');
}

import {
  type OutboxList,
  OutboxListSchema,
  type OutboxMessageView,
  type OutboxOpenStatus,
  OutboxRetryResponseSchema,
} from '@hk/domain/review/outbox';
import { callStaffApi } from '../../../lib/api';

// The outbox calls (outbox.manage; packages/domain/src/review/outbox.ts, docs/backoffice.md
// "Notifications").

export function fetchOutbox(status?: OutboxOpenStatus): Promise<OutboxList> {
  return callStaffApi(status ? `/outbox?status=${status}` : '/outbox', { schema: OutboxListSchema });
}

/** Sends a failed or uncertain message again; `version` is the one read (a race lost answers 409). */
export function retryOutboxMessage(m: Pick<OutboxMessageView, 'id' | 'version'>): Promise<OutboxMessageView> {
  return callStaffApi(`/outbox/${encodeURIComponent(m.id)}/retry`, {
    method: 'POST',
    body: { version: m.version },
    schema: OutboxRetryResponseSchema,
  });
}

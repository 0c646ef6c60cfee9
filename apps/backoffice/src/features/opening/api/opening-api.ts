import {
  type OpenAccountResponse,
  OpenAccountResponseSchema,
  type OpeningQueue,
  OpeningQueueSchema,
} from '@hk/domain/opening/contracts';
import { callStaffApi } from '../../../lib/api';

// The opening calls (account.open; packages/domain/src/opening/contracts.ts, docs/opening.md).

export function fetchOpeningQueue(): Promise<OpeningQueue> {
  return callStaffApi('/opening', { schema: OpeningQueueSchema });
}

export function openAccount(applicationId: string): Promise<OpenAccountResponse> {
  return callStaffApi(`/opening/${encodeURIComponent(applicationId)}`, {
    method: 'POST',
    schema: OpenAccountResponseSchema,
  });
}

import {
  type DisposalList,
  DisposalListSchema,
  type RecordsView,
  RecordsViewSchema,
} from '@hk/domain/evidence/contracts';
import { callStaffApi, fetchStaffFile } from '../../../lib/api';

// An application's records (packages/domain/src/evidence/contracts.ts, docs/evidence-pack.md).

const recordsUrl = (applicationId: string) => `/records/${encodeURIComponent(applicationId)}`;

export function fetchRecords(applicationId: string): Promise<RecordsView> {
  return callStaffApi(recordsUrl(applicationId), { schema: RecordsViewSchema });
}

export function fetchDisposalList(): Promise<DisposalList> {
  return callStaffApi('/records/disposal', { schema: DisposalListSchema });
}

export function placeHold(applicationId: string, reason: string): Promise<RecordsView> {
  return callStaffApi(`${recordsUrl(applicationId)}/holds`, {
    method: 'POST',
    body: { reason },
    schema: RecordsViewSchema,
  });
}

export function releaseHold(applicationId: string, holdId: string, reason: string): Promise<RecordsView> {
  return callStaffApi(`${recordsUrl(applicationId)}/holds/${encodeURIComponent(holdId)}/release`, {
    method: 'POST',
    body: { reason },
    schema: RecordsViewSchema,
  });
}

/** The evidence pack as a zip (records.export); the server records the export before answering. */
export function downloadEvidencePack(applicationId: string): Promise<Blob> {
  return fetchStaffFile(`${recordsUrl(applicationId)}/evidence-pack`, 'POST');
}

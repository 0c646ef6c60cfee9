import {
  type DisposalList,
  DisposalListSchema,
  type RecordsView,
  RecordsViewSchema,
} from '@hk/domain/evidence/contracts';
import { type JobView, JobViewSchema } from '@hk/domain/staff/jobs';
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

/** Asks for the evidence pack (records.export): the answer is its job (issue #22), followed with useJob. */
export function requestEvidencePack(applicationId: string): Promise<JobView> {
  return callStaffApi(`${recordsUrl(applicationId)}/evidence-pack`, {
    method: 'POST',
    schema: JobViewSchema,
  });
}

/** The prepared pack as a zip, for the member who asked; the server records each download first. */
export function downloadPreparedPack(jobId: string): Promise<Blob> {
  return fetchStaffFile(`/jobs/${encodeURIComponent(jobId)}/download`, 'POST');
}

import {
  type ApplicationSearch,
  ApplicationSearchSchema,
  type ApplicationSummary,
  ApplicationSummarySchema,
  type CreditList,
  CreditListSchema,
  type CreditState,
  type CreditView,
  CreditViewSchema,
  type FxRateList,
  FxRateListSchema,
  type ReceivingAccountList,
  ReceivingAccountListSchema,
} from '@hk/domain/deposit/operations-contracts';
import type { VoucherRequestReason } from '@hk/domain/deposit/operations-texts';
import { type JobView, JobViewSchema } from '@hk/domain/staff/jobs';
import { callStaffApi } from '../../../lib/api';

// The operations calls (deposit.match, issue #15): packages/domain/src/deposit/operations-contracts.ts.
// Every answer is parsed with the schema the server answers with.

export function fetchReceivingAccounts(): Promise<ReceivingAccountList> {
  return callStaffApi('/deposits/receiving-accounts', { schema: ReceivingAccountListSchema });
}

/** Uploads the file; the answer is the import's job (issue #22), followed with useJob. */
export function importStatement(receivingAccountId: string, file: File): Promise<JobView> {
  const form = new FormData();
  // the account first: the server reads the parts in order
  form.append('receiving_account_id', receivingAccountId);
  form.append('file', file, file.name);
  return callStaffApi('/deposits/imports', { method: 'POST', body: form, schema: JobViewSchema });
}

export function fetchCredits(state: CreditState, page: number): Promise<CreditList> {
  const query = new URLSearchParams({ state, page: String(page), pageSize: '50' });
  return callStaffApi(`/deposits/credits?${query}`, { schema: CreditListSchema });
}

export function matchCredit(credit: CreditView, applicationId: string): Promise<CreditView> {
  return callStaffApi(`/deposits/credits/${encodeURIComponent(credit.id)}/match`, {
    method: 'POST',
    body: { version: credit.version, applicationId },
    schema: CreditViewSchema,
  });
}

export function recordRefund(credit: CreditView, note: string): Promise<CreditView> {
  return callStaffApi(`/deposits/credits/${encodeURIComponent(credit.id)}/refund`, {
    method: 'POST',
    body: { version: credit.version, note },
    schema: CreditViewSchema,
  });
}

export function searchApplications(q: string): Promise<ApplicationSearch> {
  return callStaffApi(`/deposits/applications?${new URLSearchParams({ q })}`, {
    schema: ApplicationSearchSchema,
  });
}

export function requestVoucher(
  application: ApplicationSummary,
  reason: VoucherRequestReason,
  note: string,
): Promise<ApplicationSummary> {
  return callStaffApi(`/deposits/applications/${encodeURIComponent(application.id)}/voucher-request`, {
    method: 'POST',
    body: { version: application.remittance?.version ?? 0, reason, note: note.trim() || null },
    schema: ApplicationSummarySchema,
  });
}

export function fetchFxRates(): Promise<FxRateList> {
  return callStaffApi('/deposits/fx-rates', { schema: FxRateListSchema });
}

export function saveFxRate(validFrom: string, hkdPerUnit: string): Promise<FxRateList> {
  return callStaffApi('/deposits/fx-rates', {
    method: 'PUT',
    body: { currency: 'USD', validFrom, hkdPerUnit },
    schema: FxRateListSchema,
  });
}

import {
  BankUpdateTargetResponseSchema,
  type RemittanceInfo,
  RemittanceInfoResponseSchema,
} from '@hk/domain/deposit/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiUpload } from '../../../lib/api-client';

// The identity deposit's calls (spec §7, docs/deposit.md): one query (`remittance_info`) and the
// three calls that change it, each answering the whole info, which replaces the cached one.

export const remittanceInfoQueryKey = ['remittance-info'] as const;

export async function fetchRemittanceInfo(): Promise<RemittanceInfo> {
  return (await apiPost('/v9/OpenAccountHk/remittance_info', {}, RemittanceInfoResponseSchema)).data;
}

export function remittanceInfoQueryOptions() {
  return queryOptions({ queryKey: remittanceInfoQueryKey, queryFn: fetchRemittanceInfo, staleTime: 0 });
}

export function useRemittanceInfo(enabled = true) {
  return useQuery({ ...remittanceInfoQueryOptions(), enabled });
}

/** POST update_remittance (multipart `file`), with the upload's progress (0–100). */
export async function uploadVoucher(
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<RemittanceInfo> {
  const form = new FormData();
  form.append('file', file, 'voucher');
  return (
    await apiUpload('/v9/OpenAccountHk/update_remittance', form, RemittanceInfoResponseSchema, onProgress)
  ).data;
}

/** "I have paid" (`finish_remittance`) or taking it back (`reset_status`), at the version shown. */
export async function changeRemittance(action: 'finish' | 'reset', version: number): Promise<RemittanceInfo> {
  const path = action === 'finish' ? '/v9/OpenAccountHk/finish_remittance' : '/V9/OpenAccountHk/reset_status';
  return (await apiPost(path, { remittance_version: String(version) }, RemittanceInfoResponseSchema)).data;
}

/** The calls that change the deposit: their answer becomes the cached info. */
export function useRemittanceChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: 'finish' | 'reset'; version: number }) =>
      changeRemittance(input.action, input.version),
    onSuccess: (info) => client.setQueryData(remittanceInfoQueryKey, info),
  });
}

/** spec §4's bank-update redirect: where it goes (docs/deposit.md § The bank-update redirect). */
export async function fetchBankUpdateTarget() {
  return (await apiPost('/v9/OpenAccountHk/bank_update_target', {}, BankUpdateTargetResponseSchema)).data;
}

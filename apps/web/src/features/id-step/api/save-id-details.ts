import { type IdDetails, IdInfoResponseSchema } from '@hk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { apiPost } from '../../../lib/api-client';
import { INFO_QUERY_KEY } from './get-info';

// POST /v9/OpenAccountHk/id_info. An empty id_number keeps the number on file.
export async function saveIdDetails(details: IdDetails) {
  return (await apiPost('/v9/OpenAccountHk/id_info', { ...details }, IdInfoResponseSchema)).data;
}

export function useSaveIdDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveIdDetails,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: INFO_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: userStatusQueryKey }),
      ]),
  });
}

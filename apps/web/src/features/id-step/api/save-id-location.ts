import { type IdLocationRequest, IdLocationResponseSchema } from '@hk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { apiPost } from '../../../lib/api-client';
import { INFO_QUERY_KEY } from './get-info';

// POST /v9/OpenAccountHk/id_location
export async function saveIdLocation(body: IdLocationRequest) {
  return (await apiPost('/v9/OpenAccountHk/id_location', { ...body }, IdLocationResponseSchema)).data;
}

export function useSaveIdLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveIdLocation,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: INFO_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: userStatusQueryKey }),
      ]),
  });
}

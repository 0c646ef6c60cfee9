import { type IdLocationRequest, IdLocationResponseSchema } from '@hk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { apiPost } from '../../../lib/api-client';
import { INFO_QUERY_KEY } from '../../../step-kit/api/get-info';
import { checkIsStepVersionConflict } from '../lib/api-errors';

/**
 * What the location screen sends: `step_version` is the `id_step.version` the screen was rendered
 * from (left out while nothing is saved yet, version 0); a stale one is refused with 2007.
 */
export type SaveIdLocationBody = Omit<IdLocationRequest, 'step_version'> & { step_version?: number };

// POST /v9/OpenAccountHk/id_location
export async function saveIdLocation(body: SaveIdLocationBody) {
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
    // the latest saved step is fetched again, so the screen can show what the other save left
    onError: (err) =>
      checkIsStepVersionConflict(err) ? qc.invalidateQueries({ queryKey: INFO_QUERY_KEY }) : undefined,
  });
}

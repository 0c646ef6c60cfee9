import { type IdDetails, IdInfoResponseSchema } from '@hk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { apiPost } from '../../../lib/api-client';
import { INFO_QUERY_KEY } from '../../../step-kit/api/get-info';
import { checkIsStepVersionConflict } from '../lib/api-errors';

/**
 * What the details screen sends: the confirmed details, and as `step_version` the `id_step.version`
 * the form started from (a stale one is refused with 2007 and overwrites nothing).
 */
export type SaveIdDetailsBody = IdDetails & { step_version?: number };

// POST /v9/OpenAccountHk/id_info. An empty id_number keeps the number on file.
export async function saveIdDetails(body: SaveIdDetailsBody) {
  return (await apiPost('/v9/OpenAccountHk/id_info', { ...body }, IdInfoResponseSchema)).data;
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
    // another save won: load what it left (awaited, so the caller sees the new version at once)
    onError: (err) =>
      checkIsStepVersionConflict(err) ? qc.invalidateQueries({ queryKey: INFO_QUERY_KEY }) : undefined,
  });
}

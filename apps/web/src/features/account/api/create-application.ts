import { ACCOUNT_MARKETS, CreateApplicationResponseSchema } from '@hk/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { entryParam } from '../../../lib/entry-params';

// POST /V9/OpenAccountHk/loginCreate {type: [HKMargin, USMargin], source} (spec §2, §3).
export async function createApplication() {
  const res = await apiPost(
    '/V9/OpenAccountHk/loginCreate',
    { type: ACCOUNT_MARKETS, source: entryParam('source') },
    CreateApplicationResponseSchema,
  );
  return res.data;
}

export function useCreateApplication() {
  return useMutation({ mutationFn: createApplication });
}

import { ReturnedResponseSchema, type ReturnedResult } from '@hk/domain/review/returned-contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

export const RETURNED_QUERY_KEY = ['open-account', 'returned'] as const;

// POST /v9/OpenAccountHk/returned (issue #14): what staff returned for changes, in the app's language
export async function fetchReturned(): Promise<ReturnedResult> {
  return (await apiPost('/v9/OpenAccountHk/returned', {}, ReturnedResponseSchema)).data;
}

export const returnedQueryOptions = () =>
  queryOptions({ queryKey: RETURNED_QUERY_KEY, queryFn: fetchReturned, staleTime: 0 });

/** Asked only on a refused application's screens (state=refused): elsewhere there is nothing to list. */
export function useReturned(enabled = true) {
  return useQuery({ ...returnedQueryOptions(), enabled });
}

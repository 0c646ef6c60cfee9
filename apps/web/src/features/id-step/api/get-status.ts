import { type UserStatus, UserStatusResponseSchema } from '@hk/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export const STATUS_QUERY_KEY = ['open-account', 'status'] as const;

// POST /v9/OpenAccountHk/status
export async function fetchUserStatus(): Promise<UserStatus> {
  return (await apiPost('/v9/OpenAccountHk/status', {}, UserStatusResponseSchema)).data;
}

export const statusQueryOptions = () =>
  queryOptions({ queryKey: STATUS_QUERY_KEY, queryFn: fetchUserStatus, staleTime: 0 });

export function useUserStatus() {
  return useQuery(statusQueryOptions());
}

import { UserStatusResponseSchema } from '@hk/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../api-client';

// POST /v9/OpenAccountHk/status — shared by the login screen (progress view) and the user centre.
export async function fetchUserStatus() {
  const res = await apiPost('/v9/OpenAccountHk/status', {}, UserStatusResponseSchema);
  return res.data;
}

export const userStatusQueryKey = ['user-status'] as const;

export function userStatusQueryOptions() {
  return queryOptions({ queryKey: userStatusQueryKey, queryFn: fetchUserStatus, staleTime: 0 });
}

export function useUserStatus(enabled = true) {
  return useQuery({ ...userStatusQueryOptions(), enabled });
}

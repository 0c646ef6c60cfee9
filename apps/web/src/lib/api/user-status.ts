import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUserStatus, userStatusQueryKey } from './user-status-fetch';

export { fetchUserStatus, fetchUserStatusWithToken, userStatusQueryKey } from './user-status-fetch';

export function userStatusQueryOptions() {
  return queryOptions({ queryKey: userStatusQueryKey, queryFn: fetchUserStatus, staleTime: 0 });
}

export function useUserStatus(enabled = true) {
  return useQuery({ ...userStatusQueryOptions(), enabled });
}

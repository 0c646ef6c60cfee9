import { UserStatusResponseSchema } from '@hk/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../api-client';

// POST /v9/OpenAccountHk/status — shared by the login screen (progress view) and the user centre.
export async function fetchUserStatus() {
  const res = await apiPost('/v9/OpenAccountHk/status', {}, UserStatusResponseSchema);
  return res.data;
}

/**
 * The same call made with a given token, which is neither stored nor used by any other request: a
 * hand-off link's token, to learn whose it is before the person chooses (lib/session-handoff.ts).
 * Its 1001 means that token is dead, not that the stored session is.
 */
export async function fetchUserStatusWithToken(token: string) {
  const res = await apiPost('/v9/OpenAccountHk/status', {}, UserStatusResponseSchema, { token });
  return res.data;
}

export const userStatusQueryKey = ['user-status'] as const;

export function userStatusQueryOptions() {
  return queryOptions({ queryKey: userStatusQueryKey, queryFn: fetchUserStatus, staleTime: 0 });
}

export function useUserStatus(enabled = true) {
  return useQuery({ ...userStatusQueryOptions(), enabled });
}

import { apiPost } from '../api-client';

// the contract (and zod) load with the call, not with /login's first load (decision 026)
const loadUserStatusContract = () =>
  import('@hk/domain/contracts/status.schema').then((m) => m.UserStatusResponseSchema);

// POST /v9/OpenAccountHk/status — shared by the login screen (progress view) and the user centre.
// The calls and the query key without the query library (user-status.ts has the hook): /login's
// first load needs them, not the library (decision 015).
export async function fetchUserStatus() {
  const res = await apiPost('/v9/OpenAccountHk/status', {}, loadUserStatusContract);
  return res.data;
}

/**
 * The same call made with a given token, which is neither stored nor used by any other request: a
 * hand-off link's token, to learn whose it is before the person chooses (lib/session-handoff.ts).
 * Its 1001 means that token is dead, not that the stored session is.
 */
export async function fetchUserStatusWithToken(token: string) {
  const res = await apiPost('/v9/OpenAccountHk/status', {}, loadUserStatusContract, { token });
  return res.data;
}

export const userStatusQueryKey = ['user-status'] as const;

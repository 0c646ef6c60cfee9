import { LogoutResponseSchema } from '@hk/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../api-client';
import { logoutLocally } from '../session';

// POST /V9/OpenAccountHk/logout — revokes the token on the server.
export async function logout() {
  await apiPost('/V9/OpenAccountHk/logout', {}, LogoutResponseSchema);
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

/**
 * Logout, then a full local logout (spec §4: reset all fields). The local part happens even when
 * the call fails: the person asked to leave.
 */
export async function logoutAndForget() {
  try {
    await logout();
  } catch {}
  logoutLocally(true);
}

import { LogoutResponseSchema } from '@hk/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

// POST /V9/OpenAccountHk/logout — revokes the token on the server.
export async function logout() {
  await apiPost('/V9/OpenAccountHk/logout', {}, LogoutResponseSchema);
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

import { LogoutResponseSchema } from '@hk/domain';
import { apiPost } from '../../../lib/api-client';
import { logoutLocally } from '../../../lib/session';

// POST /V9/OpenAccountHk/logout, then a full local logout (spec §4: reset all fields). The local
// logout happens even when the call fails: the person asked to leave.
export async function logoutAndForget() {
  try {
    await apiPost('/V9/OpenAccountHk/logout', {}, LogoutResponseSchema);
  } catch {}
  logoutLocally(true);
}

import { CaResponseSchema } from '@hk/domain';
import { apiGet } from '../../../lib/api-client';
import { entryParam } from '../../../lib/entry-params';
import { getSession, saveSession } from '../../../lib/session';

// GET /v9/OpenAccountHk/getCA?caType= → 'sz' | 'gd', kept in the session as caType (spec §7).
export async function fetchCaType() {
  const res = await apiGet('/v9/OpenAccountHk/getCA', { caType: entryParam('caType') }, CaResponseSchema);
  return res.data;
}

/** Best effort: the session keeps its default (sz) when the call fails. */
export async function syncCaType() {
  try {
    const caType = await fetchCaType();
    const token = getSession()?.token;
    if (token) saveSession({ token, caType });
  } catch {
    // spec §8: other request failures are rejected without a message
  }
}

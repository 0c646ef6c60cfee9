import { CaResponseCheck } from '@hk/domain';
import { apiGet } from '../../../lib/api-client';
import { entryParam } from '../../../lib/entry-params';
import { CA_TYPE_STORE_KEY, getSession, saveSession } from '../../../lib/session';
import { writeStored } from '../../../lib/storage';

// GET /v9/OpenAccountHk/getCA?caType= → 'sz' | 'gd' (spec §7).
export async function fetchCaType() {
  const res = await apiGet('/v9/OpenAccountHk/getCA', { caType: entryParam('caType') }, CaResponseCheck);
  return res.data;
}

/**
 * spec §7: called at start-up; an answer with status 0 is stored as `caType` (hk_caType, with the
 * default expiry), which a session made later starts from, and kept in a live session too. Best
 * effort: the default (sz) stays when the call fails.
 */
export async function syncCaType() {
  try {
    const caType = await fetchCaType();
    writeStored(CA_TYPE_STORE_KEY, caType);
    const token = getSession()?.token;
    if (token) saveSession({ token, caType });
  } catch {
    // spec §8: other request failures are rejected without a message
  }
}

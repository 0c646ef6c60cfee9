import { type LiveVideoCheck, LiveVideoCheckResponseSchema } from '@hk/domain/steps/identity-media/contracts';
import { apiPost } from '../../../lib/api-client';

/** spec §7 `liveVideoCheck`: the 4 digits of one face-video attempt (single use, ~5 minutes). */
export async function fetchLiveCode(): Promise<LiveVideoCheck> {
  return (await apiPost('/v9/OpenAccountHk/liveVideoCheck', {}, LiveVideoCheckResponseSchema)).data;
}

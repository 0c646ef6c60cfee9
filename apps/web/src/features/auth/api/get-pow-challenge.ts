import { normalizeMobile, PowChallengeResponseSchema } from '@hk/domain';
import { apiPost } from '../../../lib/api-client';

// POST /services/pow_challenge: the image captcha's alternative, bound to this device and mobile.
export async function fetchPowChallenge(region: string, mobile: string) {
  const res = await apiPost(
    '/services/pow_challenge',
    { region, mobile: normalizeMobile(mobile) },
    PowChallengeResponseSchema,
  );
  return res.data;
}

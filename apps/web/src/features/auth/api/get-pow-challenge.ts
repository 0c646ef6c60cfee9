import { normalizeMobile } from '@hk/domain';
import { apiPost } from '../../../lib/api-client';

// the contract (and zod) load with the call, not with /login's first load (decision 026)
const loadPowChallengeResponseContract = () =>
  import('@hk/domain/contracts/pow.schema').then((m) => m.PowChallengeResponseSchema);

// POST /services/pow_challenge: the image captcha's alternative, bound to this device and mobile.
export async function fetchPowChallenge(region: string, mobile: string) {
  const res = await apiPost(
    '/services/pow_challenge',
    { region, mobile: normalizeMobile(mobile) },
    loadPowChallengeResponseContract,
  );
  return res.data;
}

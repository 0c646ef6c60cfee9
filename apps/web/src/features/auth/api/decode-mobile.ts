import { apiPost } from '../../../lib/api-client';

import { useLiteQuery } from '../../../lib/lite-query';

// the contract (and zod) load with the call, not with /login's first load (decision 026)
const loadDecodeMobileResponseContract = () =>
  import('@hk/domain/contracts/auth.schema').then((m) => m.DecodeMobileResponseSchema);

// POST /v1/Services/decode_mobile — a partner link's encrypted `mobile` → {mobile, region}.
export async function decodeMobile(encrypted: string) {
  const res = await apiPost(
    '/v1/Services/decode_mobile',
    { mobile: encrypted },
    loadDecodeMobileResponseContract,
  );
  return res.data;
}

export function useDecodedMobile(encrypted: string | null) {
  return useLiteQuery(`decode-mobile:${encrypted}`, () => decodeMobile(encrypted!), Boolean(encrypted));
}

import { DecodeMobileResponseSchema } from '@hk/domain';
import { apiPost } from '../../../lib/api-client';
import { useLiteQuery } from '../../../lib/lite-query';

// POST /v1/Services/decode_mobile — a partner link's encrypted `mobile` → {mobile, region}.
export async function decodeMobile(encrypted: string) {
  const res = await apiPost('/v1/Services/decode_mobile', { mobile: encrypted }, DecodeMobileResponseSchema);
  return res.data;
}

export function useDecodedMobile(encrypted: string | null) {
  return useLiteQuery(`decode-mobile:${encrypted}`, () => decodeMobile(encrypted!), Boolean(encrypted));
}

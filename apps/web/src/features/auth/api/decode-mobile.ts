import { DecodeMobileResponseSchema } from '@hk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

// POST /v1/Services/decode_mobile — a partner link's encrypted `mobile` → {mobile, region}.
export async function decodeMobile(encrypted: string) {
  const res = await apiPost('/v1/Services/decode_mobile', { mobile: encrypted }, DecodeMobileResponseSchema);
  return res.data;
}

export function useDecodedMobile(encrypted: string | null) {
  return useQuery({
    queryKey: ['decode-mobile', encrypted],
    queryFn: () => decodeMobile(encrypted!),
    enabled: Boolean(encrypted),
    staleTime: Infinity,
  });
}

import { IpInfoResponseSchema } from '@hk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

// POST /app/index/getIpInfo: customer-service phone (spec §3 page state `tel`).
export async function fetchIpInfo() {
  return (await apiPost('/app/index/getIpInfo', {}, IpInfoResponseSchema)).data;
}

export function useIpInfo(enabled = true) {
  return useQuery({ queryKey: ['reference', 'ip-info'], queryFn: fetchIpInfo, staleTime: 600_000, enabled });
}

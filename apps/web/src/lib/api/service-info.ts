import { IpInfoResponseSchema } from '@hk/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../api-client';
import { BROKER } from '../broker';

// POST /app/index/getIpInfo — customer-service lines (spec §3 page state `tel`).
export async function fetchServiceInfo() {
  const res = await apiPost('/app/index/getIpInfo', {}, IpInfoResponseSchema);
  return res.data;
}

export function serviceInfoQueryOptions() {
  return queryOptions({ queryKey: ['service-info'], queryFn: fetchServiceInfo, staleTime: Infinity });
}

/** The phone lines to show; the broker's published numbers until (or unless) the server answers. */
export function useServiceInfo() {
  const q = useQuery(serviceInfoQueryOptions());
  return { tel: q.data?.tel || BROKER.tel, telHk: q.data?.tel_hk || BROKER.telHk };
}

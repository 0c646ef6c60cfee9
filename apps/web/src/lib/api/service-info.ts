import { queryOptions, useQuery } from '@tanstack/react-query';
import { BROKER } from '../broker';
import { fetchServiceInfo, takeStartUpServiceInfo } from './service-info-fetch';

export { fetchServiceInfo } from './service-info-fetch';

export function serviceInfoQueryOptions() {
  return queryOptions({
    queryKey: ['service-info'],
    queryFn: () => takeStartUpServiceInfo() ?? fetchServiceInfo(),
    staleTime: Infinity,
  });
}

/** The phone lines to show; the broker's published numbers until (or unless) the server answers. */
export function useServiceInfo() {
  const q = useQuery(serviceInfoQueryOptions());
  return { tel: q.data?.tel || BROKER.tel, telHk: q.data?.tel_hk || BROKER.telHk };
}

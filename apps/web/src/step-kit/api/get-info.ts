import { type ApplicationInfo, ApplicationInfoResponseSchema } from '@hk/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

export const INFO_QUERY_KEY = ['open-account', 'info'] as const;

// POST /v9/OpenAccountHk/info
export async function fetchApplicationInfo(): Promise<ApplicationInfo> {
  return (await apiPost('/v9/OpenAccountHk/info', {}, ApplicationInfoResponseSchema)).data;
}

export const infoQueryOptions = () =>
  queryOptions({ queryKey: INFO_QUERY_KEY, queryFn: fetchApplicationInfo, staleTime: 0 });

export function useApplicationInfo() {
  return useQuery(infoQueryOptions());
}

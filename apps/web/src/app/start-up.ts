import type { QueryClient } from '@tanstack/react-query';
import { syncCaType } from '../features/auth/api/get-ca';
import { serviceInfoQueryOptions } from '../lib/api/service-info';

/**
 * spec §7: "At startup the product calls getIpInfo, getCA and getWhatsApp", logged in or not.
 * getIpInfo fills the query every screen reads the customer-service phone from (spec §3 page state
 * `tel`); getCA is stored as caType. (getWhatsApp comes with the messaging-app work.)
 */
export function runStartUpCalls(queryClient: QueryClient) {
  void queryClient.prefetchQuery(serviceInfoQueryOptions());
  void syncCaType();
}

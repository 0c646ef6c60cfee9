import { syncCaType } from '../features/auth/api/get-ca';
import { prefetchServiceInfo } from '../lib/api/service-info-fetch';

/**
 * spec §7: "At startup the product calls getIpInfo, getCA and getWhatsApp", logged in or not.
 * getIpInfo's answer is what every screen reads the customer-service phone from (spec §3 page state
 * `tel`; the first read through the query client takes it, lib/api/service-info.ts); getCA is
 * stored as caType. (getWhatsApp comes with the messaging-app work.)
 */
export function runStartUpCalls() {
  prefetchServiceInfo();
  void syncCaType();
}

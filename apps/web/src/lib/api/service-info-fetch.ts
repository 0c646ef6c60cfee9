import { IpInfoResponseCheck } from '@hk/domain';
import { apiPost } from '../api-client';

// POST /app/index/getIpInfo — customer-service lines (spec §3 page state `tel`). Made at start-up
// (app/start-up.ts) without the query library, which /login's first load does without; the first
// screen that reads it through the query client takes that answer (service-info.ts).
export async function fetchServiceInfo() {
  const res = await apiPost('/app/index/getIpInfo', {}, IpInfoResponseCheck);
  return res.data;
}

let startUp: ReturnType<typeof fetchServiceInfo> | null = null;

export function prefetchServiceInfo() {
  startUp = fetchServiceInfo();
  startUp.catch(() => {});
}

/**
 * The start-up call's answer, once: what the query cache held after the start-up prefetch. Had
 * that call failed, the first read asks again, as it did then.
 */
export function takeStartUpServiceInfo() {
  const answer = startUp;
  startUp = null;
  return answer?.catch(() => fetchServiceInfo()) ?? null;
}

import { hongKongToday } from '@hk/domain';
import { serverNow } from './server-clock';

// Apart from lib/server-clock.ts, which the API client (and so /login's first load) carries: the
// domain's Hong Kong calendar comes with the screens that judge ages (decision 029's cut).

/**
 * Today in Hong Kong (YYYY-MM-DD) by the server's clock: the day the age rules are judged on, on the
 * phone as on the server (domain hongKongToday, issue #5 §1), whatever the phone's zone or clock.
 */
export function serverTodayInHongKong(nowMs = serverNow()): string {
  return hongKongToday(new Date(nowMs));
}

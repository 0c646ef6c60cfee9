/**
 * The server's clock as seen from this device. A phone's clock may be minutes off, and the API
 * refuses a `_t` more than 5 minutes from its own (SIGN_MAX_SKEW_MS, status 1004), so requests are
 * timed with `serverNow()`: the local clock plus an offset learnt from each response's `Date`
 * header (issue #5 §4.6).
 *
 * `Date` has a resolution of one second and is truncated: the server's time when it answered lies
 * in [Date, Date + 1 s). Taken at the midpoint of that second and of the request's round trip, an
 * estimate is off by at most 0.5 s + half the round trip, so an estimate within ADOPT_THRESHOLD_MS
 * of the offset in use is noise and is ignored: the offset does not jitter from call to call, and a
 * correct clock keeps an offset of 0. A stale-timestamp answer always adopts the estimate.
 */
const ADOPT_THRESHOLD_MS = 2000;
const DATE_RESOLUTION_MS = 1000;

let offsetMs = 0;

/** The server's time now, in milliseconds since the epoch: what `_t` carries. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function serverClockOffset(): number {
  return offsetMs;
}

/**
 * Learns from one response. `sentAt` and `receivedAt` are local `Date.now()` readings taken just
 * before the request left and just after its headers arrived. Returns true when the offset changed.
 */
export function learnServerTime(
  dateHeader: string | null | undefined,
  sentAt: number,
  receivedAt: number,
  opts: { force?: boolean } = {},
): boolean {
  if (!dateHeader) return false;
  const serverSecond = Date.parse(dateHeader);
  if (!Number.isFinite(serverSecond) || receivedAt < sentAt) return false;
  const estimate = serverSecond + DATE_RESOLUTION_MS / 2 - (sentAt + receivedAt) / 2;
  if (!opts.force && Math.abs(estimate - offsetMs) <= ADOPT_THRESHOLD_MS) return false;
  offsetMs = Math.round(estimate);
  return true;
}

/** Tests only: forget what was learnt. */
export function resetServerClock() {
  offsetMs = 0;
}

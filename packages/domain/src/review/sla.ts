// Service levels of the review queue (issue #14): counted in the broker's business hours, 09:00 to
// 18:00 Hong Kong time (UTC+8, no daylight saving) on weekdays that are not general holidays.
import { checkIsHongKongHoliday } from '../flow/hong-kong-holidays';
import { HONG_KONG_OFFSET_MS as HK_OFFSET_MS } from '../hong-kong-time';

export const BUSINESS_DAY_START_HOUR = 9;
export const BUSINESS_DAY_END_HOUR = 18;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Business hours a case may wait, per queue. */
export const REVIEW_SLA_HOURS = {
  /** A first submission: one business day. */
  first_review: 9,
  /** A re-submission after a return: half a business day (the reviewer knows the case). */
  resubmission: 4,
  /** A recommended case waiting for an approver. */
  approval: 4,
} as const;
export type ReviewQueue = keyof typeof REVIEW_SLA_HOURS;

function isoDateOfHkMs(hkMs: number): string {
  return new Date(hkMs).toISOString().slice(0, 10);
}

/** Whether a Hong Kong calendar day (given as ms at its Hong Kong midnight, shifted) is a business day. */
function isBusinessDay(hkDayStartMs: number): boolean {
  const weekday = new Date(hkDayStartMs).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !checkIsHongKongHoliday(isoDateOfHkMs(hkDayStartMs));
}

/** The moment `hours` business hours after `from`. */
export function addBusinessHours(from: Date, hours: number): Date {
  let remaining = hours * HOUR_MS;
  // Work on a clock shifted to Hong Kong time so that UTC getters read Hong Kong's wall clock.
  let t = from.getTime() + HK_OFFSET_MS;
  for (let guard = 0; guard < 400; guard++) {
    const dayStart = Math.floor(t / DAY_MS) * DAY_MS;
    const open = dayStart + BUSINESS_DAY_START_HOUR * HOUR_MS;
    const close = dayStart + BUSINESS_DAY_END_HOUR * HOUR_MS;
    if (isBusinessDay(dayStart) && t < close) {
      const start = Math.max(t, open);
      if (start + remaining <= close) return new Date(start + remaining - HK_OFFSET_MS);
      remaining -= close - start;
    }
    t = dayStart + DAY_MS;
  }
  throw new Error('addBusinessHours: more than 400 days');
}

/** When a case entering `queue` at `enteredAt` is due. */
export function reviewDueAt(queue: ReviewQueue, enteredAt: Date): Date {
  return addBusinessHours(enteredAt, REVIEW_SLA_HOURS[queue]);
}

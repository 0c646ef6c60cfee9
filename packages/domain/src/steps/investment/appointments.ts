import * as z from 'zod/mini';
import { checkIsHongKongHoliday, checkIsInHolidayList } from '../../flow/hong-kong-holidays';
import { HONG_KONG_OFFSET_MS as HK_OFFSET_MS, hongKongToday } from '../../hong-kong-time';
import { checkIsIsoDate } from '../../id-documents';

/*
 * The risk-disclosure phone call (spec §4: experience under 1 year; issue #6 step 8): the person
 * books the start of a 30-minute call in the customer-service hours of spec §1, Monday to Friday
 * 9:00 to 18:00 Hong Kong time, on a working day. Hong Kong keeps UTC+8 all year (no daylight
 * saving), so Hong Kong wall time is the instant plus 8 hours.
 */

export const APPOINTMENT_SLOT_MINUTES = 30;
/** spec §1 customer-service hours, in minutes after midnight: the first start and the end of the day. */
export const APPOINTMENT_DAY_START = 9 * 60;
export const APPOINTMENT_DAY_END = 18 * 60;
/** The last day that can be booked is today (Hong Kong) plus this many days. */
export const APPOINTMENT_MAX_DAYS_AHEAD = 30;

/**
 * Why a slot cannot be booked (i18n keys, `errors` namespace), in the order they are tried.
 * `appointment_beyond_calendar`: the day is after the holiday list (HOLIDAY_LIST_COVERS), so
 * whether it is a working day is not known yet.
 */
export type AppointmentProblem =
  | 'appointment_invalid'
  | 'appointment_in_past'
  | 'appointment_too_far'
  | 'appointment_beyond_calendar'
  | 'appointment_weekend'
  | 'appointment_holiday'
  | 'appointment_outside_hours'
  | 'appointment_not_on_slot';

const DAY_MS = 24 * 60 * 60 * 1000;
const SLOT_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

interface HongKongWallTime {
  /** The instant, in epoch milliseconds. */
  at: number;
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  minuteOfDay: number;
  /** Seconds and milliseconds past the minute (a slot has none). */
  subMinuteMs: number;
}

/**
 * A date-time with an explicit offset (`2026-12-01T10:30:00+08:00`, or `Z` or another offset from
 * a client that sends UTC), read as Hong Kong wall time. A time without an offset is refused: it
 * would mean the device's zone, which need not be Hong Kong's.
 */
function readSlot(slotIso: string): HongKongWallTime | null {
  const m = SLOT_RE.exec(slotIso);
  if (!m) return null;
  const [, date, hh, mi, ss = '0', ms = '0', zone, sign, oh, om] = m;
  if (!checkIsIsoDate(date!)) return null;
  const [hour, minute, second] = [Number(hh), Number(mi), Number(ss)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    if (Number(oh) > 14 || Number(om) > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  const [y, mo, d] = date!.split('-').map(Number) as [number, number, number];
  const at = Date.UTC(y, mo - 1, d, hour, minute, second, Number(ms.padEnd(3, '0'))) - offsetMinutes * 60_000;
  const wall = new Date(at + HK_OFFSET_MS);
  return {
    at,
    date: wall.toISOString().slice(0, 10),
    weekday: wall.getUTCDay(),
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    subMinuteMs: wall.getUTCSeconds() * 1000 + wall.getUTCMilliseconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const slotAt = (date: string, minuteOfDay: number) =>
  `${date}T${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}:00+08:00`;
const addDays = (isoDate: string, n: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Why the call cannot start at `slotIso`, or null when it can be booked at `now`. */
export function checkAppointmentSlot(slotIso: string, now: Date): AppointmentProblem | null {
  const slot = typeof slotIso === 'string' ? readSlot(slotIso) : null;
  if (!slot || Number.isNaN(now.getTime())) return 'appointment_invalid';
  if (slot.at <= now.getTime()) return 'appointment_in_past';
  if (slot.date > addDays(hongKongToday(now), APPOINTMENT_MAX_DAYS_AHEAD)) return 'appointment_too_far';
  if (!checkIsInHolidayList(slot.date)) return 'appointment_beyond_calendar';
  if (slot.weekday === 0 || slot.weekday === 6) return 'appointment_weekend';
  if (checkIsHongKongHoliday(slot.date)) return 'appointment_holiday';
  // the call must end by closing time, so the last start is 17:30
  if (
    slot.minuteOfDay < APPOINTMENT_DAY_START ||
    slot.minuteOfDay + APPOINTMENT_SLOT_MINUTES > APPOINTMENT_DAY_END
  )
    return 'appointment_outside_hours';
  if (slot.minuteOfDay % APPOINTMENT_SLOT_MINUTES !== 0 || slot.subMinuteMs !== 0)
    return 'appointment_not_on_slot';
  return null;
}

/** The slot in the one form that is stored and shown (`YYYY-MM-DDTHH:mm:00+08:00`), or null if unreadable. */
export function canonicalAppointmentSlot(slotIso: string): string | null {
  const slot = readSlot(slotIso);
  if (!slot) return null;
  const wall = new Date(slot.at + HK_OFFSET_MS);
  return `${slot.date}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}+08:00`;
}

export interface BookableDay {
  date: string;
  slots: string[];
}

/**
 * The bookable slots of `days` Hong Kong dates from `fromDate`, for the picker: only days with at
 * least one slot, each slot as `YYYY-MM-DDTHH:mm:00+08:00`. Every slot passes checkAppointmentSlot.
 */
export function bookableSlots(fromDate: string, days: number, now: Date): BookableDay[] {
  if (!checkIsIsoDate(fromDate)) throw new RangeError(`fromDate is not a date: ${fromDate}`);
  if (!Number.isInteger(days) || days < 0 || days > 366) throw new RangeError(`days out of range: ${days}`);
  const result: BookableDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(fromDate, i);
    const slots: string[] = [];
    for (let t = APPOINTMENT_DAY_START; t < APPOINTMENT_DAY_END; t += APPOINTMENT_SLOT_MINUTES) {
      const slot = slotAt(date, t);
      if (checkAppointmentSlot(slot, now) === null) slots.push(slot);
    }
    if (slots.length > 0) result.push({ date, slots });
  }
  return result;
}

/**
 * The booking request (form and server share it). `now` is the server's clock on the server; the
 * form may pass the device's for early feedback. The slot comes out in its canonical form.
 */
export function appointmentRequestSchema(now: Date) {
  return z.object({
    slot: z.string({ error: 'appointment_invalid' }).check(
      z.superRefine((v, ctx) => {
        const problem = checkAppointmentSlot(v, now);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
      }),
      z.overwrite((v) => canonicalAppointmentSlot(v) ?? v),
    ),
  });
}
export type AppointmentRequest = z.output<ReturnType<typeof appointmentRequestSchema>>;

// Hong Kong time, in one place (issue #23): the broker's clock for age rules, the review's SLA, the
// appointment slots, and every time a screen, the PDF or the case view shows. Hong Kong keeps UTC+8
// all year (no daylight saving), so a fixed offset is exact.

export const HONG_KONG_TIME_ZONE = 'Asia/Hong_Kong';

/** UTC+8, all year. */
export const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * Today's date in Hong Kong (YYYY-MM-DD). Age rules (18 to open, 65 for margin proof) count
 * birthdays where the broker is, on the phone and on the server alike.
 */
export function hongKongToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: HONG_KONG_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The Hong Kong date (YYYY-MM-DD) of an instant in epoch milliseconds. */
export function hongKongDateOf(ms: number): string {
  return new Date(ms + HONG_KONG_OFFSET_MS).toISOString().slice(0, 10);
}

function instantOf(value: Date | string): Date | null {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Hong Kong wall time, the same in every language: `2026-11-26 16:45` (or `16:45:01` with seconds).
 * Null for an instant that cannot be read.
 */
export function hongKongWallTime(
  value: Date | string,
  precision: 'minute' | 'second' = 'minute',
): string | null {
  const d = instantOf(value);
  if (!d) return null;
  return new Date(d.getTime() + HONG_KONG_OFFSET_MS)
    .toISOString()
    .slice(0, precision === 'second' ? 19 : 16)
    .replace('T', ' ');
}

/** How a time reads in a language (every style in Hong Kong time). */
export const HONG_KONG_TIME_STYLES = {
  /** `Nov 28, 2026, 2:05 PM`: the language's own clock (the applicant's pages). */
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  /** `Nov 28, 2026, 14:05`: a 24-hour clock (the staff console). */
  medium24h: { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
  /** `Nov 28, 2026, 14:05`, by its parts, with two-digit hours (the applicant's deposit pages). */
  parts24h: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type HongKongTimeStyle = keyof typeof HONG_KONG_TIME_STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant in Hong Kong time, in a language and style; null for an instant that cannot be read. */
export function formatHongKongTime(
  value: Date | string,
  lang: string,
  style: HongKongTimeStyle,
): string | null {
  const d = instantOf(value);
  if (!d) return null;
  const key = `${lang}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { ...HONG_KONG_TIME_STYLES[style], timeZone: HONG_KONG_TIME_ZONE });
    formatters.set(key, f);
  }
  return f.format(d);
}

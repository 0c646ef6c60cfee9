import { formatHongKongTime as formatHongKongTimeIn, type Language } from '@hk/domain';

/** `HKD 10,000.00` from minor units, in the reader's language (spec: amounts in their currency). */
export function formatMoney(amountMinor: number, currency: string, lang: Language): string {
  const digits = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amountMinor / 100,
  );
  return `${currency} ${digits}`;
}

/** A moment in Hong Kong time, in the reader's language: `Nov 28, 2026, 14:05 HKT`. */
export function formatHongKongTime(iso: string, lang: Language): string {
  const text = formatHongKongTimeIn(iso, lang, 'parts24h');
  return text === null ? '' : `${text} HKT`;
}

/** A day (YYYY-MM-DD) in the reader's language: `Nov 28, 2026`. */
export function formatDay(day: string, lang: Language): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(lang, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(d);
}

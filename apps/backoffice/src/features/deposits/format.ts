import { formatHongKongTime } from '@hk/domain';
import { currentLanguage } from '../../lib/i18n';

// The deposit pages' dates: a bank's booking day as a day (no time zone moves it), and times of
// actions in Hong Kong time, in the console's language.

export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatHkTime(iso: string): string {
  return formatHongKongTime(iso, currentLanguage(), 'medium24h') ?? iso;
}

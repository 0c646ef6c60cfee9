import { currentLanguage } from '../../lib/i18n';

// The deposit pages' dates: a bank's booking day as a day (no time zone moves it), and times of
// actions in Hong Kong time, in the console's language.

export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Times of actions: the console's one formatter (lib/hk-time.ts, the domain's Hong Kong time). */
export { formatHkTime } from '../../lib/hk-time';

import { currentLanguage } from './i18n';

// Times in the console are Hong Kong's (the SLA counts in its business hours): shown so, in the
// console's language, whatever the reviewer's own computer's zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatHkTime(iso: string): string {
  const lang = currentLanguage();
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Hong_Kong',
      hourCycle: 'h23',
    });
    formatters.set(lang, f);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : f.format(date);
}

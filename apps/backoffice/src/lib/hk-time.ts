import { formatHongKongTime } from '@hk/domain';
import { currentLanguage } from './i18n';

// Times in the console are Hong Kong's (the SLA counts in its business hours): shown so, in the
// console's language, whatever the reviewer's own computer's zone. The one formatter is the
// domain's (issue #23).
export function formatHkTime(iso: string): string {
  return formatHongKongTime(iso, currentLanguage(), 'medium24h') ?? iso;
}

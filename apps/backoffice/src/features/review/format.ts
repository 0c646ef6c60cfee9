import { formatHongKongTime } from '@hk/domain';
import { currentLanguage } from '../../lib/i18n';

// Times of the review are Hong Kong's (the SLA counts in its business hours): shown so, in the
// console's language, whatever the reviewer's own computer's zone.
export function formatHkTime(iso: string): string {
  return formatHongKongTime(iso, currentLanguage(), 'medium24h') ?? iso;
}

/** A SHA-256 shortened for the eye (the copy button copies all of it). */
export function shortHash(sha256: string): string {
  return sha256.length > 16 ? `${sha256.slice(0, 12)}…` : sha256;
}

/** A file's size in kB or MB. */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

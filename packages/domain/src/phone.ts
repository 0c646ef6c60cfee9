import type { PhoneRegion } from './regions';

/** spec §5: the phone input takes 13 characters for CN (3-4-4 with spaces), 20 otherwise. */
export function mobileInputMaxLength(region: string): number {
  return region === 'CN' ? 13 : 20;
}

/** Keeps digits only (spec §5: spaces are stripped). */
export function normalizeMobile(input: string): string {
  return input.replace(/\D/g, '');
}

/** spec §5: CN mobiles are shown 3-4-4 while typing. */
export function formatMobileInput(region: string, input: string): string {
  const digits = normalizeMobile(input);
  if (region !== 'CN') return digits.slice(0, 20);
  const d = digits.slice(0, 11);
  return [d.slice(0, 3), d.slice(3, 7), d.slice(7, 11)].filter(Boolean).join(' ');
}

/** Digits with the spaces and hyphens of a formatted number (spec §5: CN shows 3-4-4). */
export const MOBILE_CHARS_RE = /^[\d\s-]*$/;

export type MobileProblem = 'mobile_required' | 'mobile_invalid';

/**
 * spec §5: required; CN = 11 digits starting with 1; HK = exactly 8 digits; other regions 6 to 20
 * digits (spec §5 "mobile type"). The server also checks other regions against their numbering
 * plan (libphonenumber, too heavy for the login bundle): docs/decisions/002.
 */
export function checkMobile(region: PhoneRegion | string, raw: string): MobileProblem | null {
  const mobile = normalizeMobile(raw);
  if (mobile.length === 0 && raw.trim().length === 0) return 'mobile_required';
  // Only the separators people type (spaces, hyphens) are stripped; a letter is a wrong number.
  if (!MOBILE_CHARS_RE.test(raw)) return 'mobile_invalid';
  if (region === 'CN') return /^1\d{10}$/.test(mobile) ? null : 'mobile_invalid';
  if (region === 'HK') return /^\d{8}$/.test(mobile) ? null : 'mobile_invalid';
  return /^\d{6,20}$/.test(mobile) ? null : 'mobile_invalid';
}

/** spec §5: telephone display masks the middle 4 digits. */
export function maskMobile(mobile: string): string {
  const d = normalizeMobile(mobile);
  // Below 6 digits (shorter than any valid mobile) nothing is centred: show the last digit only.
  if (d.length < 6) return d.replace(/.(?=.)/g, '*');
  const start = Math.floor((d.length - 4) / 2);
  return `${d.slice(0, start)}****${d.slice(start + 4)}`;
}

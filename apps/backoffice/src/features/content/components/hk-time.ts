import { hongKongWallTime } from '@hk/domain';

// Dates and times in Hong Kong time (the broker's), whatever the staff member's computer says.

/** An instant as a `datetime-local` input's value, in Hong Kong time ("2026-11-28T09:30"). */
export function toHkInputValue(iso: string | null): string {
  if (!iso) return '';
  return hongKongWallTime(iso)?.replace(' ', 'T') ?? '';
}

/** A `datetime-local` value read as Hong Kong time, as an ISO instant; null when empty. */
export function fromHkInputValue(value: string): string | null {
  if (!value) return null;
  return `${value.length === 16 ? `${value}:00` : value}+08:00`;
}

/** An instant for reading ("2026-11-28 09:30"), Hong Kong time. */
export function formatHk(iso: string): string {
  return toHkInputValue(iso).replace('T', ' ');
}

/**
 * An amount typed in Hong Kong dollars ("600000", "600,000.50") as cents (spec §9: money in minor
 * units). What is not such an amount is returned as typed, for the domain's schema to refuse at the
 * field; an empty box is no amount.
 */
export function centsOfTyped(typed: unknown): unknown {
  if (typeof typed !== 'string') return typed;
  const s = typed.trim().replace(/[,\s]/g, '');
  if (!s) return undefined;
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return typed;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents shown back as dollars for the box ("600000", "600000.5"). */
export function dollarsOfCents(cents: unknown): string {
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return '';
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest ? `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}` : String(whole);
}

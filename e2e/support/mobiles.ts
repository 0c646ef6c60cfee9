import { randomInt } from 'node:crypto';

/**
 * Test mobiles that do not collide between tests, workers or reruns against the same database
 * (SMS rate limits are per mobile per hour and per day): random digits from a space of 10^6 to
 * 10^8 numbers, never repeated within a process.
 */
const used = new Set<string>();
function uniqueDigits(length: number): string {
  for (;;) {
    const digits = Array.from({ length }, () => randomInt(10)).join('');
    if (!used.has(digits)) {
      used.add(digits);
      return digits;
    }
  }
}

/** spec §5: Hong Kong mobiles are 8 digits starting with 5, 6 or 9. */
export function uniqueHkMobile(): string {
  const first = (['5', '6', '9'] as const)[randomInt(3)];
  return `${first}${uniqueDigits(7)}`;
}

/** spec §5: mainland mobiles are 11 digits starting with 1; 13x is valid on every carrier. */
export function uniqueCnMobile(): string {
  return `13${randomInt(10)}${uniqueDigits(8)}`;
}

/** A mobile of a third region (Macao: 8 digits; 66 is a mobile range), which always needs the captcha. */
export function uniqueMoMobile(): string {
  // libphonenumber's Macao plan has no 660xxxxx mobiles; 661–669 are all assigned to mobiles.
  return `66${1 + randomInt(9)}${uniqueDigits(5)}`;
}

/**
 * A client address per test. The e2e server runs with TRUST_PROXY=1, so the per-IP SMS limit and
 * the "asked twice from this IP" captcha rule (spec §5) apply per test, not to the whole run.
 */
export function uniqueClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

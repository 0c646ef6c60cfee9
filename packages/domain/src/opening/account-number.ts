// Issue #15 (docs/opening.md): the numbers an account gets when operations open it (3 → 5).
//
// Securities account number: 9 digits, `8` + a 7-digit serial + a Luhn check digit
// (e.g. 800000010). Hong Kong brokers give clients short all-digit account numbers that staff read
// out on the phone; the check digit catches a mistyped or swapped digit before an instruction is
// booked to the wrong client. Serials are given in order, starting at 1; the server takes the next
// one under a lock of the database (opening-repository.ts).
//
// BCAN (SFC Code of Conduct 5.6, HKIDR; HKEX's BCAN-CID Mapping File interface): a number from 1
// to 9,999,999,999 that the broker assigns to one client and never reuses, given only with the
// client's HKIDR consent; orders carry it after the broker's CE number. We store the number in
// 10 digits with leading zeros (e.g. 0000000001) and show it as `<CE number>-<BCAN>`.

export const ACCOUNT_NUMBER_PREFIX = '8';
export const ACCOUNT_SERIAL_DIGITS = 7;
export const ACCOUNT_SERIAL_MAX = 10 ** ACCOUNT_SERIAL_DIGITS - 1;
export const ACCOUNT_NUMBER_RE = /^8\d{8}$/;

/** The broker's SFC CE number, put before the BCAN on orders and in the mapping file. */
export const BROKER_CE_NUMBER = 'BHP001';
export const BCAN_DIGITS = 10;
export const BCAN_MAX = 10 ** BCAN_DIGITS - 1;
export const BCAN_RE = /^\d{10}$/;

/** The Luhn (mod 10) check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('digits only');
  let sum = 0;
  // from the right, the digit next to the check digit is doubled first
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The account number of serial `serial` (1 … 9,999,999). */
export function formatAccountNumber(serial: number): string {
  if (!Number.isInteger(serial) || serial < 1 || serial > ACCOUNT_SERIAL_MAX)
    throw new RangeError('account serial out of range');
  const body = ACCOUNT_NUMBER_PREFIX + String(serial).padStart(ACCOUNT_SERIAL_DIGITS, '0');
  return body + String(luhnCheckDigit(body));
}

/** Whether `value` is a well-formed account number with the right check digit. */
export function checkIsAccountNumber(value: string): boolean {
  if (!ACCOUNT_NUMBER_RE.test(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** The serial of an account number (null when it is not one of ours). */
export function accountSerialOf(value: string): number | null {
  return checkIsAccountNumber(value) ? Number(value.slice(ACCOUNT_NUMBER_PREFIX.length, -1)) : null;
}

/** The account number after the highest one given so far (null: none given yet). */
export function nextAccountNumber(highest: string | null): string {
  const serial = highest === null ? 0 : accountSerialOf(highest);
  if (serial === null) throw new Error('the highest account number is not one of ours');
  return formatAccountNumber(serial + 1);
}

/** The BCAN of number `n` (1 … 9,999,999,999), in its stored 10 digits. */
export function formatBcan(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > BCAN_MAX) throw new RangeError('BCAN out of range');
  return String(n).padStart(BCAN_DIGITS, '0');
}

/** The BCAN after the highest one given so far. */
export function nextBcan(highest: string | null): string {
  if (highest !== null && !BCAN_RE.test(highest)) throw new Error('the highest BCAN is not one of ours');
  return formatBcan((highest === null ? 0 : Number(highest)) + 1);
}

/** The BCAN as orders carry it: the broker's CE number, then the number. */
export function bcanAsTagged(bcan: string): string {
  return `${BROKER_CE_NUMBER}-${bcan}`;
}

/**
 * What opening gives an account: without the HKIDR consent no BCAN may be assigned, and a client
 * without a BCAN can only sell what they hold (SFC: orders to buy need a BCAN).
 */
export function openingTerms(hkidrConsent: unknown): { withBcan: boolean; sellOnly: boolean } {
  const consent = hkidrConsent === true;
  return { withBcan: consent, sellOnly: !consent };
}

// Test support (domain and API suites): card numbers with a valid Luhn check digit.
import { checkLuhn } from './bank-data';

/** A card number starting with `prefix`, `length` digits, ending with its Luhn check digit. */
export function cardNumber(prefix: string, length = 19): string {
  const body = `${prefix}1234567890123456789`.slice(0, length - 1);
  for (let d = 0; d <= 9; d++) if (checkLuhn(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

// What a staff account's fields may hold (issue #14, docs/backoffice.md): checked by the staff
// command when an account is made or changed, and by the console's forms later.
import { checkText, normalizeText } from '../text-rule';
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from './session-rules';

/** Letters, digits, `.`, `_`, `-`; 3 to 64. Compared without case (the database index does too). */
export const STAFF_USERNAME_RE = /^[A-Za-z0-9._-]{3,64}$/;
export const STAFF_DISPLAY_NAME_MAX_LENGTH = 80;

export function checkIsStaffUsername(value: string): boolean {
  return STAFF_USERNAME_RE.test(value);
}

/** The one spelling a username is stored and looked up by. */
export function normalizeStaffUsername(value: string): string {
  return value.trim().toLowerCase();
}

/** Keys of the `errors` catalogue (the staff command prints them in English, the console translates them). */
export type StaffPasswordProblem =
  | 'staff_password_too_short'
  | 'staff_password_too_long'
  | 'staff_password_same_as_username'
  | null;

/**
 * NIST SP 800-63B §5.1.1.2: length, not composition rules; refuse the username itself. Counted in
 * code points, so a passphrase in Chinese counts its characters, not its UTF-16 units.
 */
export function staffPasswordProblem(password: string, username: string): StaffPasswordProblem {
  const length = [...password].length;
  if (length < STAFF_PASSWORD_MIN_LENGTH) return 'staff_password_too_short';
  if (length > STAFF_PASSWORD_MAX_LENGTH) return 'staff_password_too_long';
  if (normalizeStaffUsername(password) === normalizeStaffUsername(username))
    return 'staff_password_same_as_username';
  return null;
}

/** The repo's one text rule (text.ts: no control, bidi or invisible characters), 1 to 80 characters. */
export function checkIsStaffDisplayName(value: string): boolean {
  const text = normalizeText(value);
  return (
    text.length > 0 && [...text].length <= STAFF_DISPLAY_NAME_MAX_LENGTH && checkText(text) === undefined
  );
}

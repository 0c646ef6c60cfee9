import { describe, expect, it } from 'vitest';
import {
  checkIsStaffDisplayName,
  checkIsStaffUsername,
  normalizeStaffUsername,
  staffPasswordProblem,
} from './accounts';

describe('staff account fields (issue #14)', () => {
  it('usernames: letters, digits, . _ -, 3 to 64', () => {
    expect(checkIsStaffUsername('amy.chan')).toBe(true);
    expect(checkIsStaffUsername('A_b-9')).toBe(true);
    expect(checkIsStaffUsername('ab')).toBe(false);
    expect(checkIsStaffUsername('a'.repeat(65))).toBe(false);
    expect(checkIsStaffUsername('amy chan')).toBe(false);
    expect(checkIsStaffUsername('陳美')).toBe(false);
    expect(checkIsStaffUsername('amy\n')).toBe(false);
  });
  it('usernames compare without case or surrounding space', () => {
    expect(normalizeStaffUsername('  Amy.Chan ')).toBe('amy.chan');
  });
  it('passwords: 12 to 128 characters, counted as people count them, not the username', () => {
    expect(staffPasswordProblem('short-pass1', 'amy')).toBe('staff_password_too_short');
    expect(staffPasswordProblem('twelve-chars', 'amy')).toBeNull();
    expect(staffPasswordProblem('x'.repeat(128), 'amy')).toBeNull();
    expect(staffPasswordProblem('x'.repeat(129), 'amy')).toBe('staff_password_too_long');
    // 12 CJK characters are 12, not 24 or 36 (bytes)
    expect(staffPasswordProblem('我的密碼很長很長很長很長', 'amy')).toBeNull();
    expect(staffPasswordProblem('我的密碼很長很長很長很', 'amy')).toBe('staff_password_too_short');
    expect(staffPasswordProblem('Reviewer.Demo', 'reviewer.demo')).toBe('staff_password_same_as_username');
  });
  it('display names: not empty, at most 80, no control or bidi characters', () => {
    expect(checkIsStaffDisplayName('Amy Chan 陳美')).toBe(true);
    expect(checkIsStaffDisplayName('   ')).toBe(false);
    expect(checkIsStaffDisplayName('a'.repeat(81))).toBe(false);
    expect(checkIsStaffDisplayName('Amy\u202eChan')).toBe(false);
    expect(checkIsStaffDisplayName('Amy\u0000')).toBe(false);
    expect(checkIsStaffDisplayName('Amy\u200bChan')).toBe(false);
  });
});

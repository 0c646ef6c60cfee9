import { describe, expect, it } from 'vitest';
import {
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  staffSessionDeadlines,
  staffSessionEnd,
} from './session-rules';

const t0 = 1_800_000_000_000;

describe('staff session deadlines (issue #14)', () => {
  it('the idle end follows the last use, the absolute end the sign-in', () => {
    expect(staffSessionDeadlines(t0, t0)).toEqual({
      idleExpiresAt: t0 + STAFF_SESSION_IDLE_MS,
      expiresAt: t0 + STAFF_SESSION_ABSOLUTE_MS,
    });
    expect(staffSessionDeadlines(t0, t0 + 60_000).idleExpiresAt).toBe(t0 + 60_000 + STAFF_SESSION_IDLE_MS);
  });
  it('the idle end never passes the absolute end', () => {
    const late = t0 + STAFF_SESSION_ABSOLUTE_MS - 60_000;
    expect(staffSessionDeadlines(t0, late).idleExpiresAt).toBe(t0 + STAFF_SESSION_ABSOLUTE_MS);
  });
  it('agrees with staffSessionEnd at its deadlines', () => {
    const { idleExpiresAt } = staffSessionDeadlines(t0, t0);
    expect(staffSessionEnd(t0, t0, idleExpiresAt - 1)).toBeNull();
    expect(staffSessionEnd(t0, t0, idleExpiresAt)).toBe('idle');
  });
});

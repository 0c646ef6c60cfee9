import { describe, expect, it } from 'vitest';
import { ApplicationStatus } from './progress';
import {
  ACTORS,
  actionBetween,
  checkIsEditableStatus,
  EDITABLE_STATUSES,
  lockedErrorOf,
  STATUS_ACTIONS,
  transitionStatus,
} from './status-machine';

const S = ApplicationStatus;
const ALL = Object.values(S);

/** spec §4 + issue #5: the only moves, as [from, to, action, actor]. */
const ALLOWED: [number, number, string, string][] = [
  [S.FILLING, S.SUBMITTED, 'submit', 'applicant'],
  [S.REJECTED, S.SUBMITTED, 'resubmit', 'applicant'],
  [S.SUBMITTED, S.REJECTED, 'refuse', 'staff'],
  [S.SUBMITTED, S.DECLINED, 'decline', 'staff'],
  [S.SUBMITTED, S.APPROVED, 'approve', 'staff'],
  [S.APPROVED, S.ACTIVATED, 'confirm_deposit', 'operations'],
  [S.ACTIVATED, S.OPENED, 'open', 'operations'],
];

describe('status machine: every status × action × actor', () => {
  for (const from of ALL)
    for (const action of STATUS_ACTIONS)
      for (const actor of ACTORS) {
        const allowed = ALLOWED.find(([f, , a, who]) => f === from && a === action && who === actor);
        it(`${from} --${action}/${actor}--> ${allowed ? allowed[1] : 'refused'}`, () => {
          const result = transitionStatus(from, action, actor);
          if (allowed) expect(result).toEqual({ ok: true, to: allowed[1] });
          else expect(result.ok).toBe(false);
        });
      }

  it('every pair of statuses: a move exists exactly for the allowed pairs', () => {
    for (const from of ALL)
      for (const to of ALL) {
        const expected = ALLOWED.find(([f, t]) => f === from && t === to);
        expect(actionBetween(from, to)?.action ?? null, `${from}→${to}`).toBe(expected?.[2] ?? null);
      }
  });

  it('says why a move is refused', () => {
    expect(transitionStatus(S.FILLING, 'approve', 'staff')).toEqual({
      ok: false,
      reason: 'not_allowed_from_status',
    });
    expect(transitionStatus(S.SUBMITTED, 'approve', 'applicant')).toEqual({
      ok: false,
      reason: 'not_allowed_for_actor',
    });
    expect(transitionStatus(4, 'submit', 'applicant')).toEqual({ ok: false, reason: 'unknown_status' });
  });

  it('a submitted application cannot be submitted again, an opened one goes nowhere', () => {
    expect(transitionStatus(S.SUBMITTED, 'submit', 'applicant').ok).toBe(false);
    for (const action of STATUS_ACTIONS)
      for (const actor of ACTORS) expect(transitionStatus(S.OPENED, action, actor).ok).toBe(false);
  });
});

describe('editable statuses (spec §4: filling in, or sent back)', () => {
  it('are 0 and -1 only', () => {
    expect([...EDITABLE_STATUSES].sort()).toEqual([S.REJECTED, S.FILLING].sort());
    expect(ALL.filter(checkIsEditableStatus).sort()).toEqual([S.REJECTED, S.FILLING].sort());
    expect(checkIsEditableStatus(4)).toBe(false);
  });
});

describe('lockedErrorOf (issue #22)', () => {
  it('a declined application is final (2020); any other locked one is submitted (2002)', () => {
    expect(lockedErrorOf(S.DECLINED)).toBe('APPLICATION_DECLINED');
    for (const s of [S.SUBMITTED, S.APPROVED, S.ACTIVATED, S.OPENED])
      expect(lockedErrorOf(s)).toBe('APPLICATION_LOCKED');
  });
});

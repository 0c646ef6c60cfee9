import { describe, expect, it } from 'vitest';
import { ApplicationStatus } from '../progress';
import { addYears, checkEndsRelationship, retentionCutoff, retentionOf } from './retention';

const at = (iso: string) => new Date(iso);

describe('retention clock (AMLO: five years after the relationship ends)', () => {
  it('a declined application: five years from the decline', () => {
    const r = retentionOf(
      {
        status: ApplicationStatus.DECLINED,
        relationshipEndedAt: at('2026-03-01T02:00:00Z'),
        lastActivityAt: at('2026-03-01T02:00:00Z'),
        activeHolds: 0,
      },
      at('2031-03-01T01:59:59Z'),
    );
    expect(r).toMatchObject({ basis: 'relationship_ended', eligible: false, onHold: false });
    expect(r.keepUntil?.toISOString()).toBe('2031-03-01T02:00:00.000Z');
    expect(
      retentionOf(
        {
          status: ApplicationStatus.DECLINED,
          relationshipEndedAt: at('2026-03-01T02:00:00Z'),
          lastActivityAt: at('2026-03-01T02:00:00Z'),
          activeHolds: 0,
        },
        at('2031-03-01T02:00:00Z'),
      ).eligible,
    ).toBe(true);
  });
  it('an opened account: kept while the relationship lasts, no date', () => {
    const r = retentionOf(
      {
        status: ApplicationStatus.OPENED,
        relationshipEndedAt: null,
        lastActivityAt: at('2000-01-01T00:00:00Z'),
        activeHolds: 0,
      },
      at('2040-01-01T00:00:00Z'),
    );
    expect(r).toEqual({
      basis: 'relationship_open',
      clockFrom: null,
      keepUntil: null,
      onHold: false,
      eligible: false,
    });
  });
  it('never submitted, or approved and never opened: five years from the last activity', () => {
    for (const status of [
      ApplicationStatus.FILLING,
      ApplicationStatus.APPROVED,
      ApplicationStatus.ACTIVATED,
    ]) {
      const r = retentionOf(
        { status, relationshipEndedAt: null, lastActivityAt: at('2020-06-30T16:00:00Z'), activeHolds: 0 },
        at('2025-06-30T16:00:00Z'),
      );
      expect(r).toMatchObject({ basis: 'last_activity', eligible: true });
      expect(r.keepUntil?.toISOString()).toBe('2025-06-30T16:00:00.000Z');
    }
  });
  it('a legal hold stops disposal whatever the date says', () => {
    const r = retentionOf(
      {
        status: ApplicationStatus.DECLINED,
        relationshipEndedAt: at('2001-01-01T00:00:00Z'),
        lastActivityAt: at('2001-01-01T00:00:00Z'),
        activeHolds: 1,
      },
      at('2040-01-01T00:00:00Z'),
    );
    expect(r).toMatchObject({ onHold: true, eligible: false });
  });
  it('29 February plus five years is 1 March; only a decline ends the relationship', () => {
    expect(addYears(at('2028-02-29T10:00:00Z'), 5).toISOString()).toBe('2033-03-01T10:00:00.000Z');
    expect(retentionCutoff(at('2031-03-01T00:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(checkEndsRelationship(ApplicationStatus.DECLINED)).toBe(true);
    expect(checkEndsRelationship(ApplicationStatus.OPENED)).toBe(false);
    expect(checkEndsRelationship(ApplicationStatus.REJECTED)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ApplicationStatus, FLOW_STAGES, progressButtonKey, routeForStatus } from './progress';

describe('flow stages (spec §4: ID 10, account type 30, personal info 50, risk 60, bank card 90, signature 100)', () => {
  it('lists the six stages in order with their percentages', () => {
    expect(FLOW_STAGES.map((s) => [s.id, s.progress])).toEqual([
      ['id', 10],
      ['account_type', 30],
      ['personal_info', 50],
      ['risk_disclosure', 60],
      ['bank_card', 90],
      ['signature', 100],
    ]);
  });
});

describe('progressButtonKey (spec §2: up to 10 ID, 30 account type, 50 personal info, 60 risk, 90 bank card, 100 signature)', () => {
  it.each([
    [0, 'progress_continue_id'],
    [10, 'progress_continue_id'],
    [11, 'progress_account_type'],
    [30, 'progress_account_type'],
    [31, 'progress_personal_info'],
    [50, 'progress_personal_info'],
    [51, 'progress_risk_disclosure'],
    [60, 'progress_risk_disclosure'],
    [61, 'progress_bank_card'],
    [90, 'progress_bank_card'],
    [91, 'progress_signature'],
    [100, 'progress_signature'],
  ])('%i%% → %s', (pct, key) => {
    expect(progressButtonKey(pct)).toBe(key);
  });
  it('agrees with the stage table: each stage percentage is the last value of its own label', () => {
    const keys = FLOW_STAGES.map((s) => progressButtonKey(s.progress));
    expect(new Set(keys).size).toBe(FLOW_STAGES.length);
    for (const s of FLOW_STAGES.slice(0, -1))
      expect(progressButtonKey(s.progress + 1)).not.toBe(progressButtonKey(s.progress));
  });
});

describe('routeForStatus (spec §4 account status routing table)', () => {
  const base = { bank_type: 0, bank_audit: 0, progress: 'opening' };

  it('-1 rejected → userinfo with state=refused', () => {
    expect(routeForStatus({ ...base, status: -2 })).toEqual({ route: 'usercenter' });
    expect(routeForStatus({ ...base, status: -1 })).toEqual({
      route: 'userinfo',
      query: { state: 'refused' },
    });
    expect(routeForStatus({ ...base, status: -1, bank_type: 2, bank_audit: 1 })).toEqual({
      route: 'userinfo',
      query: { state: 'refused' },
    });
  });

  it('1 submitted with bank_type 0, bank_audit 0 and no bind_bank=1 → external bank update', () => {
    expect(routeForStatus({ ...base, status: 1 })).toEqual({ route: 'bank_update' });
    expect(routeForStatus({ ...base, status: 1, bindBankQuery: false })).toEqual({ route: 'bank_update' });
  });

  it.each([
    ['bank_type not 0', { bank_type: 1, bank_audit: 0 }],
    ['bank_audit not 0', { bank_type: 0, bank_audit: 1 }],
    ['bind_bank=1 in the query', { bank_type: 0, bank_audit: 0, bindBankQuery: true }],
  ])('1 submitted otherwise (%s) → the submitted status view', (_l, extra) => {
    expect(routeForStatus({ ...base, status: 1, ...extra })).toEqual({ route: 'submitted_view' });
  });

  it('2 approved → active when bank_type is 0, remit otherwise', () => {
    expect(routeForStatus({ ...base, status: 2, bank_type: 0 })).toEqual({ route: 'active' });
    expect(routeForStatus({ ...base, status: 2, bank_type: 1 })).toEqual({ route: 'remit' });
    expect(routeForStatus({ ...base, status: 2, bank_type: 3, bank_audit: 1 })).toEqual({ route: 'remit' });
  });

  it('3 activated → activated when bank_type is 0, remitted otherwise', () => {
    expect(routeForStatus({ ...base, status: 3, bank_type: 0 })).toEqual({ route: 'activated' });
    expect(routeForStatus({ ...base, status: 3, bank_type: 2 })).toEqual({ route: 'remitted' });
  });

  it('5 → opened', () => {
    expect(routeForStatus({ ...base, status: 5 })).toEqual({ route: 'opened' });
    expect(routeForStatus({ ...base, status: 5, bank_type: 1 })).toEqual({ route: 'opened' });
  });

  it.each([0, 4, 6, 99, -3, 1.5])('any other status (%s) → userinfo without query', (status) => {
    expect(routeForStatus({ ...base, status })).toEqual({ route: 'userinfo' });
  });

  it('progress registered → accountType', () => {
    expect(routeForStatus({ ...base, status: 0, progress: 'registered' })).toEqual({ route: 'accountType' });
  });

  it('the status constants are the numbers of the spec table', () => {
    expect(ApplicationStatus).toMatchObject({
      REJECTED: -1,
      SUBMITTED: 1,
      APPROVED: 2,
      ACTIVATED: 3,
      OPENED: 5,
    });
  });
});

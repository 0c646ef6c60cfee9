import { describe, expect, it } from 'vitest';
import { checkCanSeeJob, checkIsJobOpen, JOB_STATE_TEXTS, JOB_STATES } from './jobs';

describe('jobs: who sees a job', () => {
  const ops = { id: 'a', roles: ['operations'] as const };
  const ops2 = { id: 'b', roles: ['operations'] as const };
  const reviewer = { id: 'c', roles: ['reviewer'] as const };
  const approver = { id: 'd', roles: ['approver'] as const };
  const approver2 = { id: 'e', roles: ['approver'] as const };

  it('an import: any operations member, nobody without deposit.match', () => {
    const job = { kind: 'statement_import' as const, createdBy: 'a' };
    expect(checkCanSeeJob(job, ops)).toBe(true);
    expect(checkCanSeeJob(job, ops2)).toBe(true);
    expect(checkCanSeeJob(job, reviewer)).toBe(false);
  });

  it('an evidence export: its requester only, and only while they hold records.export', () => {
    const job = { kind: 'evidence_export' as const, createdBy: 'd' };
    expect(checkCanSeeJob(job, approver)).toBe(true);
    expect(checkCanSeeJob(job, approver2)).toBe(false);
    expect(checkCanSeeJob({ ...job, createdBy: 'a' }, ops)).toBe(false);
  });

  it('an unknown kind is seen by no one', () => {
    expect(checkCanSeeJob({ kind: 'other' as never, createdBy: 'a' }, ops)).toBe(false);
  });

  it('open states, and every state has words in three languages', () => {
    expect(JOB_STATES.filter(checkIsJobOpen)).toEqual(['queued', 'running']);
    for (const s of JOB_STATES)
      for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) expect(JOB_STATE_TEXTS[s][lang]).toMatch(/\S/);
  });
});

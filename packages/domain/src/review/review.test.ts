import { describe, expect, it } from 'vitest';
import {
  caseParticipants,
  checkCanApprove,
  checkCanDecideItem,
  checkCanDecline,
  checkCanRecommend,
  checkCanReturn,
  checkItemDecision,
  type ItemVerdict,
  type ReviewItem,
  reviewItemKey,
  stepsReturned,
  tallyItems,
} from './decisions';
import { addBusinessHours, reviewDueAt } from './sla';

const items: ReviewItem[] = [
  { kind: 'step', step: 'identity' },
  { kind: 'document', step: 'identity', documentId: 'd1', documentKind: 'id_front' },
  { kind: 'step', step: 'address' },
  { kind: 'document', step: 'address', documentId: 'd2', documentKind: 'address_proof' },
];
const keys = items.map(reviewItemKey);
function tally(verdicts: (ItemVerdict | null)[]) {
  const map = new Map<string, ItemVerdict>();
  verdicts.forEach((v, i) => {
    if (v) map.set(keys[i] as string, v);
  });
  return tallyItems(items, map);
}
const mine = { stage: 'in_review' as const, assigneeId: 'rev' };

describe('item decisions (issue #14)', () => {
  it('a return needs a known reason, and "other" needs a comment for the applicant', () => {
    const base = { applicantComment: null, internalNote: null };
    expect(checkItemDecision({ ...base, verdict: 'revision', reasons: [] })).toBe('reasons_required');
    expect(checkItemDecision({ ...base, verdict: 'revision', reasons: ['blurry_image'] })).toBeNull();
    expect(checkItemDecision({ ...base, verdict: 'revision', reasons: ['other'] })).toBe(
      'comment_required_for_other',
    );
    expect(
      checkItemDecision({ ...base, verdict: 'revision', reasons: ['other'], applicantComment: '请重拍' }),
    ).toBeNull();
    expect(checkItemDecision({ ...base, verdict: 'revision', reasons: ['nope' as 'other'] })).toBe(
      'reason_unknown',
    );
    expect(checkItemDecision({ ...base, verdict: 'approved', reasons: ['blurry_image'] })).toBe(
      'reasons_not_allowed',
    );
    expect(
      checkItemDecision({ ...base, verdict: 'approved', reasons: [], applicantComment: 'x'.repeat(501) }),
    ).toBe('comment_too_long');
  });
  it('tallies items by verdict, undecided ones pending', () => {
    expect(tally(['approved', 'revision', null, null])).toEqual({
      pending: ['step:address', 'document:d2'],
      approved: ['step:identity'],
      revision: ['document:d1'],
    });
  });
});

describe('case actions', () => {
  it('only the assignee decides items on an open, unrecommended case', () => {
    expect(checkCanDecideItem(mine, 'rev')).toBeNull();
    expect(checkCanDecideItem(mine, 'other')).toBe('not_assigned_to_you');
    expect(checkCanDecideItem({ ...mine, stage: 'recommended' }, 'rev')).toBe('already_recommended');
    expect(checkCanDecideItem({ ...mine, stage: 'approved' }, 'rev')).toBe('case_closed');
  });
  it('returns only with an item in revision; recommends only with every item approved', () => {
    expect(checkCanReturn(mine, tally(['approved', null, null, null]), 'rev')).toBe('nothing_to_return');
    expect(checkCanReturn(mine, tally(['approved', 'revision', null, null]), 'rev')).toBeNull();
    expect(checkCanRecommend(mine, tally(['approved', 'approved', 'approved', null]), 'rev')).toBe(
      'items_pending',
    );
    expect(checkCanRecommend(mine, tally(['approved', 'revision', 'approved', 'approved']), 'rev')).toBe(
      'items_in_revision',
    );
    expect(
      checkCanRecommend(mine, tally(['approved', 'approved', 'approved', 'approved']), 'rev'),
    ).toBeNull();
  });
  it('maker-checker: approval by another person, about the recommended submission', () => {
    const all = tally(['approved', 'approved', 'approved', 'approved']);
    const rec = { stage: 'recommended' as const, assigneeId: 'rev' };
    const recommendation = { staffId: 'rev', submissionSha256: 'aa' };
    const none = new Set<string>();
    expect(checkCanApprove(mine, all, null, 'appr', 'aa', none)).toBe('not_recommended');
    expect(checkCanApprove(rec, all, recommendation, 'rev', 'aa', none)).toBe('approver_is_maker');
    expect(checkCanApprove(rec, all, recommendation, 'appr', 'bb', none)).toBe('submission_changed');
    expect(checkCanApprove(rec, all, recommendation, 'appr', 'aa', none)).toBeNull();
    expect(checkCanApprove({ ...rec, stage: 'declined' }, all, recommendation, 'appr', 'aa', none)).toBe(
      'case_closed',
    );
  });
  it('separation of duties: whoever held the case or decided an item of it cannot approve it', () => {
    const all = tally(['approved', 'approved', 'approved', 'approved']);
    const rec = { stage: 'recommended' as const, assigneeId: 'rev' };
    const recommendation = { staffId: 'rev', submissionSha256: 'aa' };
    const approve = (participants: Set<string>) =>
      checkCanApprove(rec, all, recommendation, 'appr', 'aa', participants);
    // the attack of issue #22: the approver decided every item, then handed the case to the maker
    const attack = caseParticipants({
      assigneeId: 'rev',
      deciderIds: ['appr'],
      events: [
        { type: 'assigned', actorId: 'appr', next: { assigneeId: 'appr' } },
        { type: 'item_decided', actorId: 'appr', next: { key: 'step:identity' } },
        { type: 'assigned', actorId: 'appr', next: { assigneeId: 'rev' } },
      ],
    });
    expect(attack).toEqual(new Set(['rev', 'appr']));
    expect(approve(attack)).toBe('approver_took_part');
    // held only (routed to her by a re-submission, an event with no actor), decided nothing
    expect(
      approve(
        caseParticipants({
          assigneeId: 'rev',
          deciderIds: [],
          events: [{ type: 'assigned', actorId: null, next: { assigneeId: 'appr', reason: 'resubmission' } }],
        }),
      ),
    ).toBe('approver_took_part');
    // an approval carried over from the previous submission: its decider counts
    expect(approve(caseParticipants({ assigneeId: 'rev', deciderIds: ['appr'], events: [] }))).toBe(
      'approver_took_part',
    );
    // a decision since replaced by someone else still counts (its event)
    expect(
      approve(
        caseParticipants({
          assigneeId: 'rev',
          deciderIds: ['rev'],
          events: [{ type: 'item_decided', actorId: 'appr', next: { key: 'step:identity' } }],
        }),
      ),
    ).toBe('approver_took_part');
    // giving the case to someone (the actor of an assignment) is not holding it
    expect(
      approve(
        caseParticipants({
          assigneeId: 'rev',
          deciderIds: ['rev'],
          events: [{ type: 'assigned', actorId: 'appr', next: { assigneeId: 'rev' } }],
        }),
      ),
    ).toBeNull();
  });
  it('declining: any open case; "other" needs an internal note', () => {
    expect(checkCanDecline(mine, { reason: 'suspected_fraud', internalNote: null })).toBeNull();
    expect(checkCanDecline(mine, { reason: 'other', internalNote: ' ' })).toBe('note_required');
    expect(
      checkCanDecline({ ...mine, stage: 'returned' }, { reason: 'not_eligible', internalNote: null }),
    ).toBe('case_closed');
  });
  it('a return opens the steps of the items in revision, once each, in flow order', () => {
    expect(stepsReturned(items, ['document:d2', 'document:d1', 'step:identity'])).toEqual([
      'identity',
      'address',
    ]);
  });
});

describe('SLA in Hong Kong business hours', () => {
  it('counts from 09:00 to 18:00 HKT on weekdays', () => {
    // Wed 2026-12-02 10:00 HKT = 02:00Z; + 4h = 14:00 HKT
    expect(addBusinessHours(new Date('2026-12-02T02:00:00Z'), 4).toISOString()).toBe(
      '2026-12-02T06:00:00.000Z',
    );
    // 16:00 HKT + 4h: 2h today, 2h from 09:00 the next day = Thu 11:00 HKT
    expect(addBusinessHours(new Date('2026-12-02T08:00:00Z'), 4).toISOString()).toBe(
      '2026-12-03T03:00:00.000Z',
    );
  });
  it('a case submitted at night or on a weekend starts counting at the next opening', () => {
    // Sat 2026-12-05 12:00 HKT: Monday 09:00 + 4 h = Mon 13:00 HKT
    expect(addBusinessHours(new Date('2026-12-05T04:00:00Z'), 4).toISOString()).toBe(
      '2026-12-07T05:00:00.000Z',
    );
  });
  it('skips Hong Kong general holidays (Christmas 2026: Fri 25 and Sat 26 Dec)', () => {
    // Thu 2026-12-24 17:00 HKT, first review 9 h: 1 h on Thu, then Mon 28 Dec 09:00 + 8 h = 17:00 HKT
    expect(reviewDueAt('first_review', new Date('2026-12-24T09:00:00Z')).toISOString()).toBe(
      '2026-12-28T09:00:00.000Z',
    );
  });
});

describe('reason texts', () => {
  it('every revision and decline reason, every flag and every similarity has a text in zh-CN, zh-HK and en', async () => {
    const { REVISION_REASONS, DECLINE_REASONS, revisionReasonKey, declineReasonKey } = await import(
      './reasons'
    );
    const { CASE_FLAGS, caseFlagKey } = await import('./flags');
    const { SIMILARITY_KINDS, similarityKindKey } = await import('./similar');
    const keys = [
      ...REVISION_REASONS.map(revisionReasonKey),
      ...DECLINE_REASONS.map(declineReasonKey),
      ...CASE_FLAGS.map(caseFlagKey),
      ...SIMILARITY_KINDS.map(similarityKindKey),
    ];
    for (const lang of ['zh-CN', 'zh-HK', 'en']) {
      const texts = (await import(`../locales/${lang}/review.json`)).default as Record<string, string>;
      for (const key of keys) expect(texts[key], `${lang} ${key}`).toMatch(/\S/);
      expect(Object.keys(texts).sort()).toEqual([...keys].sort());
    }
  });
});

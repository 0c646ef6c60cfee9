// The case view is pure (issue #23): a snapshot, the decisions and events in, the view out, with no
// database. These build it from rows made here.
import { buildSubmission } from '@hk/domain';
import { reviewItemKey } from '@hk/domain/review/decisions';
import { reviewItemsOfSnapshot } from '@hk/domain/review/items';
import { describe, expect, it } from 'vitest';
import { type CaseViewInput, caseViewOf, staffIdsOfCaseView } from './case-view';
import type { CaseEventRow, ItemDecisionRow, ReviewCaseRow } from './review-repository';

const NOW = new Date('2026-11-30T02:00:00Z');
const REVIEWER = '11111111-1111-4111-8111-111111111111';
const APPROVER = '22222222-2222-4222-8222-222222222222';
const DOC = '33333333-3333-4333-8333-333333333333';

const { snapshot, sha256 } = buildSubmission({
  applicationId: '44444444-4444-4444-8444-444444444444',
  number: 1,
  submittedAt: '2026-11-28T06:05:09.000Z',
  markets: ['HK'],
  steps: [
    {
      step: 'identity',
      version: 1,
      confirmedAt: '2026-11-28T06:00:00.000Z',
      answers: { name_en: 'CHAN TAI MAN' },
      sealed: { id_number: { sealed: 'x', hash: 'y', masked: 'A12****(3)' } },
    },
  ],
  documents: [
    { id: DOC, step: 'identity', kind: 'id_front', sha256: 'a'.repeat(64), mime: 'image/jpeg', size: 2048 },
  ],
  agreements: {},
});

const c = {
  id: '55555555-5555-4555-8555-555555555555',
  applicationId: '44444444-4444-4444-8444-444444444444',
  submissionNumber: 1,
  submissionSha256: sha256,
  applicantName: 'CHAN TAI MAN',
  stage: 'in_review',
  queue: 'first_review',
  submittedAt: new Date('2026-11-28T06:05:09Z'),
  enteredAt: new Date('2026-11-28T06:05:09Z'),
  dueAt: new Date('2026-11-29T10:00:00Z'),
  flags: [],
  assigneeId: REVIEWER,
  recommendedBy: null,
  recommendedAt: null,
  recommendedSha256: null,
  version: 3,
} as unknown as ReviewCaseRow;

const items = reviewItemsOfSnapshot(snapshot);
const stepKey = reviewItemKey(items.find((i) => i.kind === 'step')!);
const decisions = [
  {
    caseId: c.id,
    itemKey: stepKey,
    verdict: 'approved',
    reasons: [],
    applicantComment: null,
    internalNote: null,
    staffId: REVIEWER,
    decidedAt: new Date('2026-11-29T01:00:00Z'),
  },
] as unknown as ItemDecisionRow[];
const events = [
  {
    id: 1,
    caseId: c.id,
    type: 'item_decided',
    actorId: REVIEWER,
    previous: { key: stepKey },
    next: { key: stepKey, verdict: 'approved', reasons: [] },
    createdAt: new Date('2026-11-29T01:00:00Z'),
  },
] as unknown as CaseEventRow[];

function input(viewer: CaseViewInput['viewer']): CaseViewInput {
  return {
    c,
    snapshot,
    previousSnapshot: null,
    decisions,
    events,
    cases: [c],
    intact: new Map([[DOC, false]]),
    currentSha: sha256,
    names: new Map([[REVIEWER, 'Reviewer One']]),
    similar: [],
    viewer,
    now: NOW,
  };
}

describe('the case view, from rows without a database', () => {
  it('renders the items, the decision, the events and the masks in the viewer’s language', () => {
    const view = caseViewOf(input({ id: REVIEWER, roles: ['reviewer'], language: 'en' }));
    expect(view.case).toMatchObject({ id: c.id, stage: 'in_review', overdue: true, version: 3 });
    expect(view.case.assignee).toEqual({ id: REVIEWER, displayName: 'Reviewer One' });
    const step = view.items.find((i) => i.key === stepKey)!;
    expect(step.decision).toMatchObject({ verdict: 'approved', decidedBy: { displayName: 'Reviewer One' } });
    // a sealed value shows by its stored mask only
    expect(step.fields.map((f) => f.value)).toContain('A12****(3)');
    const doc = view.items.find((i) => i.kind === 'document')!;
    expect(doc.document).toMatchObject({ id: DOC, intact: false });
    expect(view.events).toHaveLength(1);
    expect(view.events[0]!.text).toContain(step.title);
    expect(view.earlierSubmissions).toEqual([]);
  });

  it('offers each viewer what their permissions and the case allow', () => {
    const reviewer = caseViewOf(input({ id: REVIEWER, roles: ['reviewer'], language: 'en' }));
    expect(reviewer.can).toMatchObject({
      decideItems: true,
      approve: false,
      decline: false,
      reassign: false,
    });
    const approver = caseViewOf(input({ id: APPROVER, roles: ['approver'], language: 'zh-HK' }));
    // not assigned to the approver: no item to decide; nothing recommended yet: no approval
    expect(approver.can).toMatchObject({
      decideItems: false,
      approve: false,
      reassign: true,
      readRecords: true,
    });
  });

  it('names the staff it needs names for', () => {
    expect(new Set(staffIdsOfCaseView(c, decisions, events))).toEqual(new Set([REVIEWER]));
  });
});

import type { Language, StepId } from '@hk/domain';
import type { CaseItem, CaseSummary, CaseView } from '@hk/domain/review/contracts';
import {
  type CaseStage,
  type CaseTally,
  caseParticipants,
  checkCanApprove,
  checkCanDecideItem,
  checkCanDecline,
  checkCanRecommend,
  checkCanReturn,
  checkIsCaseOpen,
  type ItemVerdict,
  type ReviewItem,
  reviewItemKey,
  tallyItems,
} from '@hk/domain/review/decisions';
import { CASE_FLAGS, type CaseFlag } from '@hk/domain/review/flags';
import {
  changedItemKeys,
  fieldChanges,
  reviewItemsOfSnapshot,
  snapshotDocuments,
  snapshotSteps,
} from '@hk/domain/review/items';
import type { DeclineReason, RevisionReason } from '@hk/domain/review/reasons';
import type { ReviewQueue } from '@hk/domain/review/sla';
import { CASE_ACTION_PERMISSIONS } from '@hk/domain/staff/permissions';
import { checkHasPermission, type StaffPermission, type StaffRole } from '@hk/domain/staff/roles';
import { documentKindLabel, renderStepLines, stepTitle } from '../../../lib/step-texts';
import {
  declineReasonText,
  eventText,
  flagText,
  LIST_SEPARATOR,
  revisionReasonText,
  STAGE_TEXTS,
} from './case-texts';
import type { CaseEventRow, CaseEventType, ItemDecisionRow, ReviewCaseRow } from './review-repository';

// The staff case view (issue #14, docs/backoffice.md "Review and decisions"), pure: the case, its
// submission's snapshot, the decisions and events in; the view out, in the viewer's language. No
// database, no files, no clock: case-view-query.ts gathers the input in one pass.

/** Who is looking: their id (their own case?), their roles (what they can do), their language. */
export interface CaseViewer {
  id: string;
  roles: readonly StaffRole[];
  language: Language;
}

/** Everything the view is made of. */
export interface CaseViewInput {
  c: ReviewCaseRow;
  /** The snapshot of the case's submission. */
  snapshot: unknown;
  /** The snapshot of the submission before it (a re-submission's changes), or null. */
  previousSnapshot: unknown | null;
  decisions: readonly ItemDecisionRow[];
  events: readonly CaseEventRow[];
  /** Every case of the application (its earlier submissions' outcomes). */
  cases: readonly ReviewCaseRow[];
  /** Each document id of the snapshot: whether its stored bytes still hash to the snapshot's SHA-256. */
  intact: ReadonlyMap<string, boolean>;
  /** The SHA-256 of the application's latest submission as stored now (approval checks it). */
  currentSha: string | null;
  /** Display names of the staff the view names (staffIdsOfCaseView). */
  names: ReadonlyMap<string, string>;
  similar: CaseView['similar'];
  viewer: CaseViewer;
  now: Date;
}

export function verdictsOf(
  decisions: readonly { itemKey: string; verdict: string }[],
): Map<string, ItemVerdict> {
  return new Map(decisions.map((d) => [d.itemKey, d.verdict as ItemVerdict]));
}

/** The staff members a case view names: whose display names it needs. */
export function staffIdsOfCaseView(
  c: ReviewCaseRow,
  decisions: readonly ItemDecisionRow[],
  events: readonly CaseEventRow[],
): string[] {
  return [
    c.assigneeId,
    c.recommendedBy,
    ...decisions.map((d) => d.staffId),
    ...events.flatMap((e) => [e.actorId, e.next?.assigneeId as string | null | undefined]),
  ].filter((x): x is string => typeof x === 'string');
}

const OVERDUE = (c: ReviewCaseRow, now: Date) => checkIsCaseOpen(c.stage as CaseStage) && c.dueAt < now;

function knownFlags(flags: readonly string[]): CaseFlag[] {
  return CASE_FLAGS.filter((f) => flags.includes(f));
}

export function summaryOf(
  c: ReviewCaseRow,
  assigneeName: string | null,
  lang: Language,
  now: Date,
): CaseSummary {
  return {
    id: c.id,
    applicantName: c.applicantName,
    submissionNumber: c.submissionNumber,
    stage: c.stage as CaseStage,
    queue: c.queue as ReviewQueue,
    submittedAt: c.submittedAt.toISOString(),
    dueAt: c.dueAt.toISOString(),
    overdue: OVERDUE(c, now),
    assignee: c.assigneeId ? { id: c.assigneeId, displayName: assigneeName ?? '—' } : null,
    flags: knownFlags(c.flags).map((flag) => ({ flag, label: flagText(flag, lang) })),
    version: c.version,
  };
}

function canOf(
  viewer: CaseViewer,
  c: ReviewCaseRow,
  tally: CaseTally,
  currentSha: string | null,
  participants: ReadonlySet<string>,
): Pick<CaseView, 'can' | 'cannotApprove'> {
  const me = viewer.id;
  const has = (p: StaffPermission) => checkHasPermission(viewer.roles, p);
  const need = CASE_ACTION_PERMISSIONS;
  const view = { stage: c.stage as CaseStage, assigneeId: c.assigneeId };
  const open = checkIsCaseOpen(view.stage);
  const recommendation = c.recommendedBy
    ? { staffId: c.recommendedBy, submissionSha256: c.recommendedSha256 ?? '' }
    : null;
  const approveProblem = checkCanApprove(view, tally, recommendation, me, currentSha ?? '', participants);
  const mayApprove = has(need.approve);
  const can: CaseView['can'] = {
    assignToMe:
      open && has(need.assignToMe) && c.assigneeId !== me && (c.assigneeId === null || has(need.reassign)),
    reassign: open && has(need.reassign),
    decideItems: has(need.decideItems) && checkCanDecideItem(view, me) === null,
    returnToApplicant: has(need.returnToApplicant) && checkCanReturn(view, tally, me) === null,
    recommend: has(need.recommend) && checkCanRecommend(view, tally, me) === null,
    approve: mayApprove && approveProblem === null,
    decline:
      has(need.decline) && checkCanDecline(view, { reason: 'not_eligible', internalNote: null }) === null,
    readSensitive: has(need.readSensitive),
    readRecords: has(need.readRecords),
  };
  // Separation of duties (issue #22): an approver who took part is told why there is no Approve button.
  return {
    can,
    cannotApprove: mayApprove && approveProblem === 'approver_took_part' ? approveProblem : null,
  };
}

function stepLines(
  step: { step: StepId; answers: Record<string, unknown>; sealed: Record<string, unknown> },
  lang: Language,
) {
  // sealed values by their stored masks only: the case view decrypts nothing
  return renderStepLines(step.step, step.answers, step.sealed, lang, 'staff').map((l) => ({
    label: l.label,
    value: l.value,
  }));
}

export function caseViewOf(input: CaseViewInput): CaseView {
  const { c, snapshot, decisions, events, cases, intact, currentSha, names, viewer, now } = input;
  const lang = viewer.language;
  const changed = changedItemKeys(input.previousSnapshot ?? undefined, snapshot);
  const ref = (id: string) => ({ id, displayName: names.get(id) ?? '—' });

  const items = reviewItemsOfSnapshot(snapshot);
  const steps = snapshotSteps(snapshot);
  const previousSteps = input.previousSnapshot ? snapshotSteps(input.previousSnapshot) : [];
  const docs = snapshotDocuments(snapshot);
  const byKey = new Map(decisions.map((d) => [d.itemKey, d]));
  const itemTitle = (item: ReviewItem) =>
    item.kind === 'step' ? stepTitle(item.step, lang) : documentKindLabel(item.documentKind, lang);
  const titles = new Map(items.map((i) => [reviewItemKey(i), itemTitle(i)]));
  const caseItems: CaseItem[] = items.map((item) => {
    const key = reviewItemKey(item);
    const decision = byKey.get(key);
    const doc = item.kind === 'document' ? docs.find((d) => d.id === item.documentId) : undefined;
    const step = item.kind === 'step' ? steps.find((s) => s.step === item.step) : undefined;
    const changesOf = (current: (typeof steps)[number]) => {
      const before = previousSteps.find((s) => s.step === current.step);
      return fieldChanges(before ? stepLines(before, lang) : [], stepLines(current, lang));
    };
    return {
      key,
      kind: item.kind,
      step: item.step,
      title: titles.get(key)!,
      fields: step ? stepLines(step, lang) : [],
      document: doc
        ? {
            id: doc.id,
            mime: doc.mime,
            size: doc.size,
            sha256: doc.sha256,
            intact: intact.get(doc.id) ?? false,
          }
        : null,
      decision: decision
        ? {
            verdict: decision.verdict as ItemVerdict,
            reasons: (decision.reasons as RevisionReason[]).map((reason) => ({
              reason,
              label: revisionReasonText(reason, lang),
            })),
            applicantComment: decision.applicantComment,
            internalNote: decision.internalNote,
            decidedBy: ref(decision.staffId),
            decidedAt: decision.decidedAt.toISOString(),
          }
        : null,
      changedSinceLastReview: changed.has(key),
      changes: step && changed.has(key) ? changesOf(step) : [],
    };
  });

  const tally = tallyItems(items, verdictsOf(decisions));
  const sep = LIST_SEPARATOR[lang];
  return {
    case: summaryOf(c, c.assigneeId ? (names.get(c.assigneeId) ?? null) : null, lang, now),
    applicationId: c.applicationId,
    submissionSha256: c.submissionSha256,
    recommendation:
      c.recommendedBy && c.recommendedAt
        ? {
            by: ref(c.recommendedBy),
            at: c.recommendedAt.toISOString(),
            submissionSha256: c.recommendedSha256 ?? '',
          }
        : null,
    items: caseItems,
    events: events.map((e) => ({
      at: e.createdAt.toISOString(),
      actor: e.actorId ? ref(e.actorId) : null,
      type: e.type,
      text: eventWords(e.type as CaseEventType, e.next ?? {}, lang, names, titles, sep),
    })),
    similar: input.similar,
    earlierSubmissions: cases
      .filter((x) => x.submissionNumber < c.submissionNumber)
      .map((x) => ({
        number: x.submissionNumber,
        submittedAt: x.submittedAt.toISOString(),
        outcome: STAGE_TEXTS[x.stage as CaseStage]?.[lang] ?? x.stage,
      })),
    ...canOf(
      viewer,
      c,
      tally,
      currentSha,
      caseParticipants({
        assigneeId: c.assigneeId,
        deciderIds: decisions.map((d) => d.staffId),
        events,
      }),
    ),
  };
}

function eventWords(
  type: CaseEventType,
  next: Record<string, unknown>,
  lang: Language,
  names: ReadonlyMap<string, string>,
  titles: Map<string, string>,
  sep: string,
): string {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (type) {
    case 'assigned': {
      const id = str(next.assigneeId);
      if (!id) return eventText('unassigned', lang);
      const name = names.get(id) ?? '—';
      return next.reason === 'resubmission'
        ? eventText('resubmitted', lang, { n: String(next.submissionNumber ?? ''), name })
        : eventText('assigned', lang, { name });
    }
    case 'item_decided': {
      const item = titles.get(str(next.key)) ?? str(next.key);
      if (next.verdict === 'approved') return eventText('item_approved', lang, { item });
      const reasons = (Array.isArray(next.reasons) ? next.reasons : []) as RevisionReason[];
      return eventText('item_revision', lang, {
        item,
        reasons: reasons.map((r) => revisionReasonText(r, lang)).join(sep),
      });
    }
    case 'returned': {
      const keys = (Array.isArray(next.items) ? next.items : []) as string[];
      return eventText('returned', lang, { items: keys.map((k) => titles.get(k) ?? k).join(sep) });
    }
    case 'recommended':
      return eventText('recommended', lang);
    case 'approved':
      return eventText('approved', lang);
    case 'declined':
      return eventText('declined', lang, {
        reason: declineReasonText(str(next.reason) as DeclineReason, lang),
      });
  }
}

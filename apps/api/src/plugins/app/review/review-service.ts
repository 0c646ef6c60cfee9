import {
  ApplicationStatus,
  canonicalJson,
  type Language,
  type StepId,
  sha256Hex as sha256OfText,
} from '@hk/domain';
import type {
  AssigneeList,
  CaseItem,
  CaseQueue,
  CaseQueueQuery,
  CaseSummary,
  CaseView,
  DecideItemRequest,
  StaffMemberList,
} from '@hk/domain/review/contracts';
import {
  type CaseActionProblem,
  type CaseStage,
  type CaseTally,
  caseParticipants,
  checkCanApprove,
  checkCanDecideItem,
  checkCanDecline,
  checkCanRecommend,
  checkCanReturn,
  checkIsCaseOpen,
  checkItemDecision,
  type ItemVerdict,
  type ReviewItem,
  reviewItemKey,
  stepsReturned,
  tallyItems,
} from '@hk/domain/review/decisions';
import { CASE_FLAGS, type CaseFlag, flagsOfAnswers } from '@hk/domain/review/flags';
import {
  applicantNameOfSnapshot,
  changedItemKeys,
  fieldChanges,
  reviewItemsOfSnapshot,
  snapshotDocuments,
  snapshotSteps,
} from '@hk/domain/review/items';
import type { NoticeTemplate } from '@hk/domain/review/notices';
import type { DeclineReason, RevisionReason } from '@hk/domain/review/reasons';
import { parseQueueSearch } from '@hk/domain/review/search';
import { type ReviewQueue, reviewDueAt } from '@hk/domain/review/sla';
import { checkHasPermission, checkIsStaffRole, type StaffPermission } from '@hk/domain/staff/roles';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { clientKey } from '../../../lib/client-key';
import { sha256Hex } from '../../../lib/crypto';
import { documentKindLabel, renderStepLines, stepTitle } from '../../../lib/step-texts';
import { listDocumentsOfApplicationByIds } from '../documents/document-repository';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { FileIntegrityError } from '../files/file-store';
import { queueDecisionNotices } from '../notifications/decision-notices';
import { kickOutboxSender } from '../notifications/outbox-sender';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { matchTotpStep } from '../staff/staff-credentials';
import { acceptStaffTotpStep, findStaffById, listStaff, recordStaffFailure } from '../staff/staff-repository';
import { listStepRows, lockApplication, updateStepRow } from '../steps/step-repository';
import { changeApplicationStatus } from '../submissions/status-service';
import type { SubmissionRow } from '../submissions/submission-repository';
import {
  findLatestSubmission,
  findSubmissionById,
  findSubmissionOfApplication,
} from '../submissions/submission-repository';
import {
  declineReasonText,
  eventText,
  flagText,
  LIST_SEPARATOR,
  revisionReasonText,
  STAGE_TEXTS,
} from './case-texts';
import {
  type AccessEventRow,
  type CaseEventType,
  findApplicantNames,
  findCase,
  findDocumentKinds,
  findPreviousCase,
  findStaffNames,
  insertAccessEvent,
  insertCaseEvent,
  insertReviewCase,
  listAccessEventsOfApplication,
  listAccessEventsOfStaff,
  listCaseEvents,
  listCasesOfApplication,
  listDecisions,
  listSubmissionsWithoutCase,
  lockCase,
  queryQueue,
  type ReviewCaseRow,
  updateCaseIfVersion,
  upsertDecision,
} from './review-repository';
import { hashQueueSearch } from './search-service';
import { similarApplications } from './similar-service';

// The review of submitted applications (issue #14, docs/backoffice.md "Review and decisions").
// Handlers call these; the rules are the domain's (review/decisions.ts, status-machine.ts); only
// the repositories touch the database. Every write is one transaction on the locked case, refused
// with 409 when the case's version is not the one the staff member decided on.

type Ctx = Pick<AppContext, 'db' | 'vault' | 'files' | 'now'>;

/** Where a staff request came from (the events and access events). */
export interface StaffRequestClient {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

// ---------------------------------------------------------------------------------------------
// Opening cases (the submission's transaction, the start-up data migration)

/**
 * Opens the review case of a submission, inside the submission's transaction. A re-submission
 * (an earlier case exists) goes to the `resubmission` queue with the previous case's reviewer.
 */
export async function openReviewCase(
  tx: Tx | Db,
  submission: Pick<SubmissionRow, 'id' | 'applicationId' | 'number' | 'sha256' | 'snapshot' | 'createdAt'>,
  now: Date,
): Promise<ReviewCaseRow> {
  const previous =
    submission.number > 1 ? await findPreviousCase(tx, submission.applicationId, submission.number) : null;
  const queue: ReviewQueue = previous ? 'resubmission' : 'first_review';
  const assigneeId = previous?.assigneeId ?? null;
  const answers = Object.fromEntries(snapshotSteps(submission.snapshot).map((s) => [s.step, s.answers]));
  const created = await insertReviewCase(
    tx,
    {
      applicationId: submission.applicationId,
      submissionId: submission.id,
      submissionNumber: submission.number,
      submissionSha256: submission.sha256,
      applicantName: applicantNameOfSnapshot(submission.snapshot).slice(0, 200),
      stage: assigneeId ? 'in_review' : 'queued',
      queue,
      submittedAt: submission.createdAt,
      enteredAt: now,
      dueAt: reviewDueAt(queue, now),
      flags: flagsOfAnswers(answers, now),
      assigneeId,
    },
    now,
  );
  if (assigneeId)
    await insertCaseEvent(
      tx,
      {
        caseId: created.id,
        type: 'assigned',
        actorId: null,
        previous: { assigneeId: null },
        next: {
          assigneeId,
          reason: 'resubmission',
          submissionNumber: submission.number,
          previousCaseId: previous?.id ?? null,
        },
      },
      now,
    );
  return created;
}

/** Submitted applications whose latest submission has no case get one (data migration; idempotent). */
export async function openMissingReviewCases(db: Db, now: Date): Promise<number> {
  const ids = await listSubmissionsWithoutCase(db);
  for (const id of ids) {
    const submission = await findSubmissionById(db, id);
    if (submission)
      await openReviewCase(db, submission, submission.createdAt > now ? now : submission.createdAt);
  }
  return ids.length;
}

// ---------------------------------------------------------------------------------------------
// Reading

const ERROR_OF_PROBLEM = {
  case_closed: 'CASE_CLOSED',
  not_assigned_to_you: 'CASE_NOT_ASSIGNED_TO_YOU',
  items_pending: 'CASE_ITEMS_PENDING',
  items_in_revision: 'CASE_ITEMS_IN_REVISION',
  nothing_to_return: 'CASE_NOTHING_TO_RETURN',
  not_recommended: 'CASE_NOT_RECOMMENDED',
  approver_is_maker: 'CASE_APPROVER_IS_MAKER',
  approver_took_part: 'CASE_APPROVER_TOOK_PART',
  submission_changed: 'CASE_SUBMISSION_CHANGED',
  already_recommended: 'CASE_ALREADY_RECOMMENDED',
} as const satisfies Record<CaseActionProblem, string>;

function refuse(problem: CaseActionProblem | null): void {
  if (problem) throw new AppError(ERROR_OF_PROBLEM[problem]);
}

function requirePermission(session: StaffRequestSession, permission: StaffPermission) {
  if (!checkHasPermission(session.roles, permission)) throw new AppError('STAFF_NOT_ALLOWED');
}

const OVERDUE = (c: ReviewCaseRow, now: Date) => checkIsCaseOpen(c.stage as CaseStage) && c.dueAt < now;

function knownFlags(flags: readonly string[]): CaseFlag[] {
  return CASE_FLAGS.filter((f) => flags.includes(f));
}

function summaryOf(c: ReviewCaseRow, assigneeName: string | null, lang: Language, now: Date): CaseSummary {
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

const HOUR_MS = 3600_000;

export async function fetchQueue(
  ctx: Ctx,
  session: StaffRequestSession,
  query: CaseQueueQuery,
): Promise<CaseQueue> {
  const now = ctx.now();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const assigneeId =
    query.assignee === 'me'
      ? session.staff.id
      : query.assignee === 'none'
        ? null
        : query.assignee === undefined
          ? undefined
          : query.assignee.toLowerCase();
  // the contract refuses a query that cannot be searched (this is its second look); a search narrows
  // the filters shown, the open stages included unless another stage is chosen
  const search = query.q === undefined ? undefined : parseQueueSearch(query.q);
  if (typeof search === 'string') throw new AppError('VALIDATION_FAILED', { q: search });
  const { rows, total } = await queryQueue(
    ctx.db,
    {
      stage: query.stage,
      queue: query.queue,
      flag: query.flag,
      assigneeId,
      overdue: query.overdue === undefined ? undefined : query.overdue === 'true',
      submittedBefore:
        query.minAgeHours === undefined ? undefined : new Date(now.getTime() - query.minAgeHours * HOUR_MS),
      search: search ? hashQueueSearch(ctx.vault, search) : undefined,
      now,
    },
    query.sort ?? 'due',
    { offset: (page - 1) * pageSize, limit: pageSize },
  );
  return {
    cases: rows.map((r) => summaryOf(r, r.assigneeName, session.staff.language, now)),
    page,
    pageSize,
    total,
  };
}

/** A case by id (404 for an unknown or malformed one). */
async function requireCase(db: Db | Tx, id: string): Promise<ReviewCaseRow> {
  const found = UUID_RE.test(id) ? await findCase(db, id.toLowerCase()) : null;
  if (!found) throw new AppError('CASE_NOT_FOUND');
  return found;
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function submissionOfCase(db: Db | Tx, c: ReviewCaseRow): Promise<SubmissionRow> {
  const s = await findSubmissionOfApplication(db, c.applicationId, c.submissionNumber);
  if (!s) throw new Error(`case ${c.id} has no submission`);
  return s;
}

function verdictsOf(decisions: readonly { itemKey: string; verdict: string }[]): Map<string, ItemVerdict> {
  return new Map(decisions.map((d) => [d.itemKey, d.verdict as ItemVerdict]));
}

/** The SHA-256 of the application's latest submission as stored now (recomputed from its snapshot). */
async function currentSubmissionSha256(db: Db | Tx, applicationId: string): Promise<string | null> {
  const latest = await findLatestSubmission(db, applicationId);
  return latest ? sha256OfText(canonicalJson(latest.snapshot)) : null;
}

function canOf(
  session: StaffRequestSession,
  c: ReviewCaseRow,
  tally: CaseTally,
  currentSha: string | null,
  participants: ReadonlySet<string>,
): Pick<CaseView, 'can' | 'cannotApprove'> {
  const me = session.staff.id;
  const has = (p: StaffPermission) => checkHasPermission(session.roles, p);
  const view = { stage: c.stage as CaseStage, assigneeId: c.assigneeId };
  const open = checkIsCaseOpen(view.stage);
  const recommendation = c.recommendedBy
    ? { staffId: c.recommendedBy, submissionSha256: c.recommendedSha256 ?? '' }
    : null;
  const approveProblem = checkCanApprove(view, tally, recommendation, me, currentSha ?? '', participants);
  const mayApprove = has('case.approve');
  const can: CaseView['can'] = {
    assignToMe:
      open &&
      has('case.assign_self') &&
      c.assigneeId !== me &&
      (c.assigneeId === null || has('case.reassign')),
    reassign: open && has('case.reassign'),
    decideItems: has('case.decide_items') && checkCanDecideItem(view, me) === null,
    returnToApplicant: has('case.decide_items') && checkCanReturn(view, tally, me) === null,
    recommend: has('case.recommend') && checkCanRecommend(view, tally, me) === null,
    approve: mayApprove && approveProblem === null,
    decline:
      has('case.reject') && checkCanDecline(view, { reason: 'not_eligible', internalNote: null }) === null,
    readSensitive: has('sensitive.read'),
    readRecords: has('records.read'),
  };
  // Separation of duties (issue #22): an approver who took part is told why there is no Approve button.
  return {
    can,
    cannotApprove: mayApprove && approveProblem === 'approver_took_part' ? approveProblem : null,
  };
}

/** Each document's bytes hashed again against the SHA-256 the snapshot recorded. */
async function documentIntegrity(
  ctx: Ctx,
  c: ReviewCaseRow,
  snapshot: unknown,
): Promise<Map<string, boolean>> {
  const docs = snapshotDocuments(snapshot);
  const rows = await listDocumentsOfApplicationByIds(
    ctx.db,
    c.applicationId,
    docs.map((d) => d.id),
  );
  const intact = new Map<string, boolean>();
  for (const d of docs) {
    const row = rows.find((r) => r.id === d.id);
    let bytes: Buffer | null = null;
    if (row)
      bytes = await ctx.files.get(ctx.db, row.storageKey).catch((err: unknown) => {
        if (err instanceof FileIntegrityError) return null;
        throw err;
      });
    intact.set(d.id, bytes !== null && sha256Hex(bytes) === d.sha256);
  }
  return intact;
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

export async function fetchCaseView(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
): Promise<CaseView> {
  const c = await requireCase(ctx.db, caseId);
  return buildCaseView(ctx, session, c);
}

async function buildCaseView(ctx: Ctx, session: StaffRequestSession, c: ReviewCaseRow): Promise<CaseView> {
  const lang = session.staff.language;
  const now = ctx.now();
  const submission = await submissionOfCase(ctx.db, c);
  const snapshot = submission.snapshot;
  const [decisions, events, cases, intact, currentSha] = await Promise.all([
    listDecisions(ctx.db, c.id),
    listCaseEvents(ctx.db, c.id),
    listCasesOfApplication(ctx.db, c.applicationId),
    documentIntegrity(ctx, c, snapshot),
    currentSubmissionSha256(ctx.db, c.applicationId),
  ]);
  const previous =
    c.submissionNumber > 1
      ? await findSubmissionOfApplication(ctx.db, c.applicationId, c.submissionNumber - 1)
      : null;
  const changed = changedItemKeys(previous?.snapshot, snapshot);
  const staffIds = [
    c.assigneeId,
    c.recommendedBy,
    ...decisions.map((d) => d.staffId),
    ...events.flatMap((e) => [e.actorId, e.next?.assigneeId as string | null | undefined]),
  ].filter((x): x is string => typeof x === 'string');
  const names = await findStaffNames(ctx.db, staffIds);
  const ref = (id: string) => ({ id, displayName: names.get(id) ?? '—' });

  const items = reviewItemsOfSnapshot(snapshot);
  const steps = snapshotSteps(snapshot);
  const previousSteps = previous ? snapshotSteps(previous.snapshot) : [];
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
    similar: await similarApplications(ctx.db, c.applicationId, lang),
    earlierSubmissions: cases
      .filter((x) => x.submissionNumber < c.submissionNumber)
      .map((x) => ({
        number: x.submissionNumber,
        submittedAt: x.submittedAt.toISOString(),
        outcome: STAGE_TEXTS[x.stage as CaseStage]?.[lang] ?? x.stage,
      })),
    ...canOf(
      session,
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
  names: Map<string, string>,
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

// ---------------------------------------------------------------------------------------------
// Writing

function staffMeta(session: StaffRequestSession, client: StaffRequestClient, ctx: Ctx): EventMeta {
  return {
    actorType: 'staff',
    actorId: session.staff.id,
    requestId: client.requestId,
    clientHash: ctx.vault.lookupHash(`client:${clientKey(client.ip)}`),
    userAgent: client.userAgent ? client.userAgent.slice(0, 300) : null,
  };
}

interface WriteScope {
  tx: Tx;
  c: ReviewCaseRow;
  now: Date;
  /** Saves the case change (version-checked, bumped) and its event. */
  save(
    change: Parameters<typeof updateCaseIfVersion>[3],
    event: {
      type: CaseEventType;
      previous: Record<string, unknown> | null;
      next: Record<string, unknown> | null;
    },
  ): Promise<void>;
  /** Queues the applicant's notices of this decision (the outbox, in this transaction). */
  notify(app: Parameters<typeof queueDecisionNotices>[2]['app'], template: NoticeTemplate): Promise<void>;
}

/**
 * One write to a case: a transaction with the case locked, refused (409, nothing written) when
 * the case's version is not `version`; answers the case view as it is after the commit.
 */
async function writeCase(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  version: number,
  work: (scope: WriteScope) => Promise<void>,
): Promise<CaseView> {
  const now = ctx.now();
  let notified = false;
  const id = await ctx.db.transaction(async (tx) => {
    if (!UUID_RE.test(caseId)) throw new AppError('CASE_NOT_FOUND');
    const c = await lockCase(tx, caseId.toLowerCase());
    if (!c) throw new AppError('CASE_NOT_FOUND');
    if (c.version !== version) throw new AppError('CASE_VERSION_CONFLICT');
    await work({
      tx,
      c,
      now,
      async save(change, event) {
        const updated = await updateCaseIfVersion(tx, c.id, version, change, now);
        if (!updated) throw new AppError('CASE_VERSION_CONFLICT');
        await insertCaseEvent(tx, { caseId: c.id, actorId: session.staff.id, ...event }, now);
      },
      async notify(app, template) {
        await queueDecisionNotices(tx, ctx.vault, { caseId: c.id, app, template }, now);
        notified = true;
      },
    });
    return c.id;
  });
  // after the commit: the applicant's notices a decision queued go out now, not awaited
  if (notified) kickOutboxSender(ctx.db);
  return buildCaseView(ctx, session, await requireCase(ctx.db, id));
}

async function itemsAndTally(tx: Tx, c: ReviewCaseRow) {
  const submission = await submissionOfCase(tx, c);
  const items = reviewItemsOfSnapshot(submission.snapshot);
  const decisions = await listDecisions(tx, c.id);
  const tally = tallyItems(items, verdictsOf(decisions));
  return { submission, items, tally, decisions };
}

/** Assigns the case to oneself (no `assigneeId`) or, with case.reassign, to someone who decides cases. */
/** Who a case can be given to (case.reassign): active staff who may decide items, by name. */
export async function fetchAssignees(ctx: Ctx, session: StaffRequestSession): Promise<AssigneeList> {
  requirePermission(session, 'case.reassign');
  const staff = await listStaff(ctx.db);
  return {
    assignees: staff
      .filter(
        (m) => !m.disabledAt && checkHasPermission(m.roles.filter(checkIsStaffRole), 'case.decide_items'),
      )
      .map((m) => ({ id: m.id, displayName: m.displayName }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName)),
  };
}

export async function assignCase(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  input: { version: number; assigneeId?: string | undefined },
): Promise<CaseView> {
  const me = session.staff.id;
  const target = (input.assigneeId ?? me).toLowerCase();
  if (target === me) requirePermission(session, 'case.assign_self');
  else requirePermission(session, 'case.reassign');
  return writeCase(ctx, session, caseId, input.version, async ({ tx, c, save }) => {
    if (!checkIsCaseOpen(c.stage as CaseStage)) throw new AppError('CASE_CLOSED');
    // taking a case someone else holds is a reassignment
    if (c.assigneeId && c.assigneeId !== me) requirePermission(session, 'case.reassign');
    const assignee = target === me ? null : await findStaffById(tx as unknown as Db, target);
    if (
      target !== me &&
      (!assignee ||
        assignee.disabledAt ||
        !checkHasPermission(assignee.roles.filter(checkIsStaffRole), 'case.decide_items'))
    )
      throw new AppError('CASE_ASSIGNEE_INVALID');
    await save(
      { assigneeId: target, ...(c.stage === 'queued' ? { stage: 'in_review' } : {}) },
      { type: 'assigned', previous: { assigneeId: c.assigneeId }, next: { assigneeId: target } },
    );
  });
}

/** Approves one item, or returns it for revision with reasons, a comment for the applicant and a note. */
export async function decideItem(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  itemKey: string,
  input: DecideItemRequest,
): Promise<CaseView> {
  requirePermission(session, 'case.decide_items');
  return writeCase(ctx, session, caseId, input.version, async ({ tx, c, now, save }) => {
    refuse(checkCanDecideItem({ stage: c.stage as CaseStage, assigneeId: c.assigneeId }, session.staff.id));
    const { items } = await itemsAndTally(tx, c);
    if (!items.some((i) => reviewItemKey(i) === itemKey)) throw new AppError('CASE_NOT_FOUND');
    const decision = {
      verdict: input.verdict,
      reasons: [...new Set(input.reasons)],
      applicantComment: input.applicantComment?.trim() || null,
      internalNote: input.internalNote?.trim() || null,
    };
    const problem = checkItemDecision(decision);
    if (problem) throw new AppError('CASE_DECISION_INVALID', { [itemKey]: problem });
    const before = (await listDecisions(tx, c.id)).find((d) => d.itemKey === itemKey);
    await upsertDecision(tx, {
      caseId: c.id,
      itemKey,
      ...decision,
      staffId: session.staff.id,
      decidedAt: now,
    });
    await save(
      {},
      {
        type: 'item_decided',
        previous: before
          ? { key: itemKey, verdict: before.verdict, reasons: before.reasons }
          : { key: itemKey },
        next: { key: itemKey, verdict: decision.verdict, reasons: decision.reasons },
      },
    );
  });
}

/**
 * Returns the case to the applicant (status 1 → -1): the steps of the items in revision lose their
 * confirmation, so only they (and what a change to them reopens through the registry) can change.
 */
export async function returnCase(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  input: { version: number },
  client: StaffRequestClient,
): Promise<CaseView> {
  requirePermission(session, 'case.decide_items');
  return writeCase(ctx, session, caseId, input.version, async ({ tx, c, now, save, notify }) => {
    const { items, tally } = await itemsAndTally(tx, c);
    refuse(
      checkCanReturn({ stage: c.stage as CaseStage, assigneeId: c.assigneeId }, tally, session.staff.id),
    );
    const app = await lockApplication(tx, c.applicationId);
    if (!app) throw new AppError('CASE_NOT_FOUND');
    const meta = staffMeta(session, client, ctx);
    if (app.status !== ApplicationStatus.SUBMITTED) throw new AppError('CASE_CLOSED');
    await changeApplicationStatus(tx, app, 'refuse', meta, now);
    await notify(app, 'refused');
    const steps = stepsReturned(items, tally.revision);
    const rows = await listStepRows(tx, app.id);
    for (const step of steps) {
      const row = rows.find((r) => r.step === step);
      if (!row) continue;
      await updateStepRow(tx, app.id, step, {
        confirmedAt: null,
        reopenedReason: null,
        version: row.version + 1,
        updatedAt: now,
      });
      await recordEvent(tx, meta, {
        type: 'step_reopened',
        applicationId: app.id,
        userId: app.userId,
        step,
        data: { reason: 'returned_by_review', case_id: c.id },
        at: now,
      });
    }
    await save(
      { stage: 'returned', closedAt: now },
      {
        type: 'returned',
        previous: { stage: c.stage },
        next: { stage: 'returned', items: tally.revision, steps },
      },
    );
  });
}

/** The maker: recommends approval of a case whose items are all approved; it waits for an approver. */
export async function recommendCase(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  input: { version: number },
): Promise<CaseView> {
  requirePermission(session, 'case.recommend');
  return writeCase(ctx, session, caseId, input.version, async ({ tx, c, now, save }) => {
    const { tally } = await itemsAndTally(tx, c);
    refuse(
      checkCanRecommend({ stage: c.stage as CaseStage, assigneeId: c.assigneeId }, tally, session.staff.id),
    );
    await save(
      {
        stage: 'recommended',
        queue: 'approval',
        enteredAt: now,
        dueAt: reviewDueAt('approval', now),
        recommendedBy: session.staff.id,
        recommendedAt: now,
        recommendedSha256: c.submissionSha256,
      },
      {
        type: 'recommended',
        previous: { stage: c.stage },
        next: { stage: 'recommended', submissionSha256: c.submissionSha256 },
      },
    );
  });
}

/**
 * The checker: approves a recommended case (status 1 → 2), someone other than the maker, about
 * the very submission recommended, re-entering a TOTP code that was not used before.
 */
export async function approveCase(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  input: { version: number; totp: string },
  client: StaffRequestClient,
): Promise<CaseView> {
  requirePermission(session, 'case.approve');
  try {
    return await writeCase(ctx, session, caseId, input.version, async ({ tx, c, now, save, notify }) => {
      const { tally, decisions } = await itemsAndTally(tx, c);
      const current = await currentSubmissionSha256(tx, c.applicationId);
      // separation of duties: nobody who held the case or decided an item of it (the database's
      // trigger review_cases_approver_took_no_part says the same)
      const participants = caseParticipants({
        assigneeId: c.assigneeId,
        deciderIds: decisions.map((d) => d.staffId),
        events: await listCaseEvents(tx, c.id),
      });
      refuse(
        checkCanApprove(
          { stage: c.stage as CaseStage, assigneeId: c.assigneeId },
          tally,
          c.recommendedBy ? { staffId: c.recommendedBy, submissionSha256: c.recommendedSha256 ?? '' } : null,
          session.staff.id,
          current ?? '',
          participants,
        ),
      );
      await acceptApprovalCode(ctx, tx, session.staff.id, input.totp, now);
      const app = await lockApplication(tx, c.applicationId);
      if (!app || app.status !== ApplicationStatus.SUBMITTED) throw new AppError('CASE_CLOSED');
      await changeApplicationStatus(tx, app, 'approve', staffMeta(session, client, ctx), now);
      await notify(app, 'approved');
      await save(
        { stage: 'approved', approvedBy: session.staff.id, approvedAt: now, closedAt: now },
        {
          type: 'approved',
          previous: { stage: c.stage },
          next: { stage: 'approved', submissionSha256: current },
        },
      );
    });
  } catch (err) {
    // a wrong or replayed code counts as a failed sign-in would (the lock-out stops guessing)
    if (err instanceof AppError && err.code === 'CASE_TOTP_REFUSED') {
      await recordStaffFailure(ctx.db, session.staff.id, client.ip, ctx.now());
    }
    throw err;
  }
}

/** The approver's TOTP code: right now, and of a later step than any accepted before (no replay). */
async function acceptApprovalCode(ctx: Ctx, tx: Tx, staffId: string, code: string, now: Date) {
  const member = await findStaffById(tx as unknown as Db, staffId);
  if (!member || member.disabledAt || !member.totpSecretSealed) throw new AppError('STAFF_NOT_SIGNED_IN');
  const step = matchTotpStep(ctx.vault.decrypt(member.totpSecretSealed), code, now);
  if (step === null || (member.lastTotpStep !== null && step <= member.lastTotpStep))
    throw new AppError('CASE_TOTP_REFUSED');
  // the database decides between two approvals racing with one code
  if (!(await acceptStaffTotpStep(tx as unknown as Db, staffId, step, now)))
    throw new AppError('CASE_TOTP_REFUSED');
}

/** Declines the application outright (status 1 → -2): final, with its reason. */
export async function declineCase(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  input: { version: number; reason: DeclineReason; internalNote: string | null },
  client: StaffRequestClient,
): Promise<CaseView> {
  requirePermission(session, 'case.reject');
  return writeCase(ctx, session, caseId, input.version, async ({ tx, c, now, save, notify }) => {
    const note = input.internalNote?.trim() || null;
    const problem = checkCanDecline(
      { stage: c.stage as CaseStage, assigneeId: c.assigneeId },
      {
        reason: input.reason,
        internalNote: note,
      },
    );
    if (problem === 'note_required') throw new AppError('CASE_DECISION_INVALID', { internalNote: problem });
    refuse(problem);
    const app = await lockApplication(tx, c.applicationId);
    if (!app || app.status !== ApplicationStatus.SUBMITTED) throw new AppError('CASE_CLOSED');
    await changeApplicationStatus(tx, app, 'decline', staffMeta(session, client, ctx), now);
    await notify(app, 'declined');
    await save(
      {
        stage: 'declined',
        declineReason: input.reason,
        declineNote: note,
        declinedBy: session.staff.id,
        declinedAt: now,
        closedAt: now,
      },
      { type: 'declined', previous: { stage: c.stage }, next: { stage: 'declined', reason: input.reason } },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Sensitive reads

/**
 * A document of the case's submission, decrypted, for someone with sensitive.read; the read is
 * an access event, written before the bytes leave.
 */
export async function readCaseDocument(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  documentId: string,
  client: StaffRequestClient,
): Promise<{ mime: string; kind: string; bytes: Buffer; intact: boolean }> {
  const c = await requireCase(ctx.db, caseId);
  const submission = await submissionOfCase(ctx.db, c);
  const doc = snapshotDocuments(submission.snapshot).find((d) => d.id === documentId.toLowerCase());
  if (!doc) throw new AppError('CASE_NOT_FOUND');
  const [row] = await listDocumentsOfApplicationByIds(ctx.db, c.applicationId, [doc.id]);
  const bytes = row
    ? await ctx.files.get(ctx.db, row.storageKey).catch((err: unknown) => {
        if (err instanceof FileIntegrityError) return null;
        throw err;
      })
    : null;
  if (!bytes) throw new AppError('CASE_NOT_FOUND');
  await insertAccessEvent(
    ctx.db,
    {
      staffId: session.staff.id,
      applicationId: c.applicationId,
      caseId: c.id,
      what: 'document',
      documentId: doc.id,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
    },
    ctx.now(),
  );
  return { mime: doc.mime, kind: doc.kind, bytes, intact: sha256Hex(bytes) === doc.sha256 };
}

export async function fetchAccessEvents(ctx: Ctx, session: StaffRequestSession, applicationId: string) {
  if (!UUID_RE.test(applicationId)) throw new AppError('CASE_NOT_FOUND');
  return accessEventsView(
    ctx,
    session,
    await listAccessEventsOfApplication(ctx.db, applicationId.toLowerCase(), 500),
  );
}

/** One staff member's reads of sensitive data (audit.read), newest first, at most 500. */
export async function fetchAccessEventsOfStaff(ctx: Ctx, session: StaffRequestSession, staffId: string) {
  if (!UUID_RE.test(staffId)) throw new AppError('STAFF_MEMBER_NOT_FOUND');
  const member = await findStaffById(ctx.db, staffId.toLowerCase());
  if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
  return accessEventsView(ctx, session, await listAccessEventsOfStaff(ctx.db, member.id, 500));
}

/** Everyone with a staff account, for the audit's choice of a member (audit.read). */
export async function fetchStaffMembers(ctx: Ctx): Promise<StaffMemberList> {
  const staff = await listStaff(ctx.db);
  return {
    members: staff.map((m) => ({
      id: m.id,
      username: m.username,
      displayName: m.displayName,
      roles: m.roles,
      disabled: m.disabledAt !== null,
    })),
  };
}

async function accessEventsView(ctx: Ctx, session: StaffRequestSession, rows: AccessEventRow[]) {
  // three queries whatever the number of rows: names, applicants, document kinds
  const [names, applicants, kinds] = await Promise.all([
    findStaffNames(
      ctx.db,
      rows.map((r) => r.staffId),
    ),
    findApplicantNames(
      ctx.db,
      rows.flatMap((r) => (r.caseId ? [r.caseId] : [])),
    ),
    findDocumentKinds(
      ctx.db,
      rows.flatMap((r) => (r.documentId ? [r.documentId] : [])),
    ),
  ]);
  const lang = session.staff.language;
  return {
    events: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      staff: { id: r.staffId, displayName: names.get(r.staffId) ?? '—' },
      what: r.what,
      applicationId: r.applicationId,
      applicantName: r.caseId ? (applicants.get(r.caseId) ?? null) : null,
      caseId: r.caseId,
      documentId: r.documentId,
      documentKind:
        r.documentId && kinds.has(r.documentId) ? documentKindLabel(kinds.get(r.documentId)!, lang) : null,
      ip: r.ip,
    })),
  };
}

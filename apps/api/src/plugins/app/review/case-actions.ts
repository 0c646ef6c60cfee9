import { ApplicationStatus } from '@hk/domain';
import type { AssigneeList, CaseView, DecideItemRequest } from '@hk/domain/review/contracts';
import {
  type CaseActionProblem,
  type CaseStage,
  caseParticipants,
  checkCanApprove,
  checkCanDecideItem,
  checkCanDecline,
  checkCanRecommend,
  checkCanReturn,
  checkIsCaseOpen,
  checkItemDecision,
  reviewItemKey,
  stepsReturned,
  tallyItems,
} from '@hk/domain/review/decisions';
import { reviewItemsOfSnapshot } from '@hk/domain/review/items';
import type { NoticeTemplate } from '@hk/domain/review/notices';
import type { DeclineReason } from '@hk/domain/review/reasons';
import { reviewDueAt } from '@hk/domain/review/sla';
import { CASE_ACTION_PERMISSIONS } from '@hk/domain/staff/permissions';
import { checkHasPermission, checkIsStaffRole } from '@hk/domain/staff/roles';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { clientKey } from '../../../lib/client-key';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { queueDecisionNotices } from '../notifications/decision-notices';
import { kickOutboxSender } from '../notifications/outbox-sender';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { matchTotpStep } from '../staff/staff-credentials';
import { acceptStaffTotpStep, findStaffById, listStaff, recordStaffFailure } from '../staff/staff-repository';
import { listStepRows, lockApplication, updateStepRow } from '../steps/step-repository';
import { changeApplicationStatus } from '../submissions/status-service';
import {
  currentSubmissionSha256,
  type ReviewCtx,
  requireCase,
  requirePermission,
  type StaffRequestClient,
  submissionOfCase,
  UUID_RE,
} from './case-access';
import { verdictsOf } from './case-view';
import { loadCaseView } from './case-view-query';
import {
  type CaseEventType,
  insertCaseEvent,
  listCaseEvents,
  listDecisions,
  lockCase,
  type ReviewCaseRow,
  updateCaseIfVersion,
  upsertDecision,
} from './review-repository';

// The case actions (issue #14, docs/backoffice.md "Review and decisions"): assign, decide an item,
// return, recommend, approve, decline. The rules are the domain's (review/decisions.ts,
// status-machine.ts), the permissions the domain's table (staff/permissions.ts); only the
// repositories touch the database. Every write is one transaction on the locked case, refused with
// 409 when the case's version is not the one the staff member decided on; each answers the case
// view as it is after the commit.

type Ctx = ReviewCtx;
const need = CASE_ACTION_PERMISSIONS;

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
  return loadCaseView(ctx, session, await requireCase(ctx.db, id));
}

async function itemsAndTally(tx: Tx, c: ReviewCaseRow) {
  const submission = await submissionOfCase(tx, c);
  const items = reviewItemsOfSnapshot(submission.snapshot);
  const decisions = await listDecisions(tx, c.id);
  const tally = tallyItems(items, verdictsOf(decisions));
  return { submission, items, tally, decisions };
}

/** Who a case can be given to (case.reassign): active staff who may decide items, by name. */
export async function fetchAssignees(ctx: Ctx, session: StaffRequestSession): Promise<AssigneeList> {
  requirePermission(session, need.reassign);
  const staff = await listStaff(ctx.db);
  return {
    assignees: staff
      .filter((m) => !m.disabledAt && checkHasPermission(m.roles.filter(checkIsStaffRole), need.decideItems))
      .map((m) => ({ id: m.id, displayName: m.displayName }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName)),
  };
}

/** Assigns the case to oneself (no `assigneeId`) or, with case.reassign, to someone who decides cases. */
export async function assignCase(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  input: { version: number; assigneeId?: string | undefined },
): Promise<CaseView> {
  const me = session.staff.id;
  const target = (input.assigneeId ?? me).toLowerCase();
  if (target === me) requirePermission(session, need.assignToMe);
  else requirePermission(session, need.reassign);
  return writeCase(ctx, session, caseId, input.version, async ({ tx, c, save }) => {
    if (!checkIsCaseOpen(c.stage as CaseStage)) throw new AppError('CASE_CLOSED');
    // taking a case someone else holds is a reassignment
    if (c.assigneeId && c.assigneeId !== me) requirePermission(session, need.reassign);
    const assignee = target === me ? null : await findStaffById(tx as unknown as Db, target);
    if (
      target !== me &&
      (!assignee ||
        assignee.disabledAt ||
        !checkHasPermission(assignee.roles.filter(checkIsStaffRole), need.decideItems))
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
  requirePermission(session, need.decideItems);
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
  requirePermission(session, need.returnToApplicant);
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
  requirePermission(session, need.recommend);
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
  requirePermission(session, need.approve);
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
  requirePermission(session, need.decline);
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

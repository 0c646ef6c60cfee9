import type { CaseView } from '@hk/domain/review/contracts';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { findSubmissionOfApplication } from '../submissions/submission-repository';
import { currentSubmissionSha256, type ReviewCtx, requireCase, submissionOfCase } from './case-access';
import { documentIntegrity } from './case-documents';
import { caseViewOf, staffIdsOfCaseView } from './case-view';
import {
  findStaffNames,
  listCaseEvents,
  listCasesOfApplication,
  listDecisions,
  type ReviewCaseRow,
} from './review-repository';
import { similarApplications } from './similar-service';

// The case view's reads: everything case-view.ts renders, gathered from the database and the file
// store in one pass (the reads that do not depend on each other at once).

export async function fetchCaseView(
  ctx: ReviewCtx,
  session: StaffRequestSession,
  caseId: string,
): Promise<CaseView> {
  const c = await requireCase(ctx.db, caseId);
  return loadCaseView(ctx, session, c);
}

/** The view of a case as it is now, for the staff member of `session`, in their language. */
export async function loadCaseView(
  ctx: ReviewCtx,
  session: StaffRequestSession,
  c: ReviewCaseRow,
): Promise<CaseView> {
  const lang = session.staff.language;
  const now = ctx.now();
  const submission = await submissionOfCase(ctx.db, c);
  const snapshot = submission.snapshot;
  const [decisions, events, cases, intact, currentSha, previous, similar] = await Promise.all([
    listDecisions(ctx.db, c.id),
    listCaseEvents(ctx.db, c.id),
    listCasesOfApplication(ctx.db, c.applicationId),
    documentIntegrity(ctx, c, snapshot),
    currentSubmissionSha256(ctx.db, c.applicationId),
    c.submissionNumber > 1
      ? findSubmissionOfApplication(ctx.db, c.applicationId, c.submissionNumber - 1)
      : Promise.resolve(null),
    similarApplications(ctx.db, c.applicationId, lang),
  ]);
  const names = await findStaffNames(ctx.db, staffIdsOfCaseView(c, decisions, events));
  return caseViewOf({
    c,
    snapshot,
    previousSnapshot: previous?.snapshot ?? null,
    decisions,
    events,
    cases,
    intact,
    currentSha,
    names,
    similar,
    viewer: { id: session.staff.id, roles: session.roles, language: lang },
    now,
  });
}

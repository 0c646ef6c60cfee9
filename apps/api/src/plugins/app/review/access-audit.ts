import type { StaffMemberList } from '@hk/domain/review/contracts';
import { AppError } from '../../../lib/app-error';
import { documentKindLabel } from '../../../lib/step-texts';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { findStaffById, listStaff } from '../staff/staff-repository';
import { type ReviewCtx, UUID_RE } from './case-access';
import {
  type AccessEventRow,
  findApplicantNames,
  findDocumentKinds,
  findStaffNames,
  listAccessEventsOfApplication,
  listAccessEventsOfStaff,
} from './review-repository';

// The audit of sensitive reads (audit.read): an application's access events, one member's, and
// everyone with a staff account to choose from.

type Ctx = ReviewCtx;

/** An application's reads of sensitive data (audit.read), newest first, at most 500. */
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

import { canonicalJson, sha256Hex as sha256OfText } from '@hk/domain';
import { checkHasPermission, type StaffPermission } from '@hk/domain/staff/roles';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { StaffClient, StaffRequestSession } from '../staff/staff-auth-service';
import {
  findLatestSubmission,
  findSubmissionOfApplication,
  type SubmissionRow,
} from '../submissions/submission-repository';
import { findCase, type ReviewCaseRow } from './review-repository';

// What the review's parts share (the case view, the actions, the queue, the documents, the audit):
// the case by id, its submission, and the permission check of a service.

export type ReviewCtx = Pick<AppContext, 'db' | 'vault' | 'files' | 'now'>;

/** Where a staff request came from (the events and access events). */
export type StaffRequestClient = StaffClient;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A service's own check of a permission (packages/domain/src/staff/permissions.ts names which). */
export function requirePermission(session: StaffRequestSession, permission: StaffPermission) {
  if (!checkHasPermission(session.roles, permission)) throw new AppError('STAFF_NOT_ALLOWED');
}

/** A case by id (404 for an unknown or malformed one). */
export async function requireCase(db: Db | Tx, id: string): Promise<ReviewCaseRow> {
  const found = UUID_RE.test(id) ? await findCase(db, id.toLowerCase()) : null;
  if (!found) throw new AppError('CASE_NOT_FOUND');
  return found;
}

export async function submissionOfCase(db: Db | Tx, c: ReviewCaseRow): Promise<SubmissionRow> {
  const s = await findSubmissionOfApplication(db, c.applicationId, c.submissionNumber);
  if (!s) throw new Error(`case ${c.id} has no submission`);
  return s;
}

/** The SHA-256 of the application's latest submission as stored now (recomputed from its snapshot). */
export async function currentSubmissionSha256(db: Db | Tx, applicationId: string): Promise<string | null> {
  const latest = await findLatestSubmission(db, applicationId);
  return latest ? sha256OfText(canonicalJson(latest.snapshot)) : null;
}

import type { CaseSummary } from '@hk/domain/review/contracts';
import { checkIsCaseOpen } from '@hk/domain/review/decisions';
import { CASE_ACTION_PERMISSIONS } from '@hk/domain/staff/permissions';
import { checkHasPermission, type StaffRole } from '@hk/domain/staff/roles';

/**
 * Whether the queue offers "assign to me" on a row. The queue's rows carry no `can` (the case view
 * does), so the row asks the domain's permissions the way the API's assign call does: an open case
 * not already one's own, unassigned (case.assign_self) or taken from someone (also case.reassign).
 * The server decides again; a row shown wrongly gets its refusal in words.
 */
export function checkCanAssignToMe(
  summary: Pick<CaseSummary, 'stage' | 'assignee'>,
  staff: { id: string; roles: readonly StaffRole[] },
): boolean {
  if (!checkIsCaseOpen(summary.stage)) return false;
  if (!checkHasPermission(staff.roles, CASE_ACTION_PERMISSIONS.assignToMe)) return false;
  if (summary.assignee?.id === staff.id) return false;
  return summary.assignee === null || checkHasPermission(staff.roles, CASE_ACTION_PERMISSIONS.reassign);
}

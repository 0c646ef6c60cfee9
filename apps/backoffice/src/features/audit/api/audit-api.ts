import {
  type AccessEvent,
  AccessEventsResponseSchema,
  type StaffMemberList,
  StaffMemberListSchema,
} from '@hk/domain/review/contracts';
import { callStaffApi } from '../../../lib/api';

// The audit's calls (audit.read): who has a staff account, and the reads of sensitive data by one
// member or of one application (packages/domain/src/review/contracts.ts).

export function fetchStaffMembers(): Promise<StaffMemberList> {
  return callStaffApi('/staff-members', { schema: StaffMemberListSchema });
}

export async function fetchAccessEventsOfStaff(staffId: string): Promise<AccessEvent[]> {
  const answer = await callStaffApi(`/staff-members/${encodeURIComponent(staffId)}/access-events`, {
    schema: AccessEventsResponseSchema,
  });
  return answer.events;
}

export async function fetchAccessEventsOfApplication(applicationId: string): Promise<AccessEvent[]> {
  const answer = await callStaffApi(`/applications/${encodeURIComponent(applicationId)}/access-events`, {
    schema: AccessEventsResponseSchema,
  });
  return answer.events;
}

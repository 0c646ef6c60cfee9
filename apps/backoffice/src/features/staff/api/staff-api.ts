import {
  StaffCreatedResponseSchema,
  type StaffCreateRequest,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  type StaffMemberView,
  StaffSetupStartResponseSchema,
} from '@hk/domain/staff/management';
import type { StaffRole } from '@hk/domain/staff/roles';
import * as z from 'zod/mini';
import { callStaffApi } from '../../../lib/api';

// The staff page's calls (staff.manage; packages/domain/src/staff/management.ts,
// docs/backoffice.md "Staff page") and the first sign-in by a one-time link.

export async function fetchStaff(): Promise<StaffMemberView[]> {
  return (await callStaffApi('/staff', { schema: StaffListResponseSchema })).members;
}

export function createStaff(body: StaffCreateRequest) {
  return callStaffApi('/staff', { method: 'POST', body, schema: StaffCreatedResponseSchema });
}

const member = (id: string) => `/staff/${encodeURIComponent(id)}`;

export async function changeRoles(id: string, roles: StaffRole[]) {
  return (
    await callStaffApi(`${member(id)}/roles`, {
      method: 'PUT',
      body: { roles },
      schema: StaffMemberResponseSchema,
    })
  ).member;
}

export async function staffAction(id: string, action: 'disable' | 'enable' | 'unlock') {
  return (
    await callStaffApi(`${member(id)}/${action}`, { method: 'POST', schema: StaffMemberResponseSchema })
  ).member;
}

export function newSetupLink(id: string, linkValidHours?: number) {
  return callStaffApi(`${member(id)}/setup-link`, {
    method: 'POST',
    body: linkValidHours ? { linkValidHours } : {},
    schema: StaffCreatedResponseSchema,
  });
}

export function startSetup(token: string) {
  return callStaffApi('/staff-setup/start', {
    method: 'POST',
    body: { token },
    schema: StaffSetupStartResponseSchema,
    isSignIn: true,
  });
}

export function finishSetup(body: { token: string; password: string; totp: string }) {
  return callStaffApi('/staff-setup/finish', {
    method: 'POST',
    body,
    schema: z.object({ username: z.string() }),
    isSignIn: true,
  });
}

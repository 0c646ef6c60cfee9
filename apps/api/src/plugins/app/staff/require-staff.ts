import type { StaffRouteNeed } from '@hk/domain/staff/permissions';
import { checkHasPermission } from '@hk/domain/staff/roles';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { StaffRequestSession } from './staff-auth-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member under /backoffice/api (routes/backoffice), else null. */
    staffSession: StaffRequestSession | null;
  }
}

/**
 * A staff call's check of what its route needs (the permission table,
 * packages/domain/src/staff/permissions.ts; routes/backoffice/index.ts runs it for every route at
 * preValidation, so an anonymous caller learns nothing about the payload): a signed-in staff member
 * (401 otherwise) whose roles grant the permission (403 otherwise). `anyone` needs nothing.
 */
export function checkStaffNeed(session: StaffRequestSession | null, need: StaffRouteNeed): void {
  if (need === 'anyone') return;
  if (!session) throw new AppError('STAFF_NOT_SIGNED_IN');
  if (need !== 'signed_in' && !checkHasPermission(session.roles, need))
    throw new AppError('STAFF_NOT_ALLOWED');
}

/** The session of a route that needs a signed-in member (never null there). */
export function staffSessionOf(request: FastifyRequest): StaffRequestSession {
  if (!request.staffSession) throw new AppError('STAFF_NOT_SIGNED_IN');
  return request.staffSession;
}

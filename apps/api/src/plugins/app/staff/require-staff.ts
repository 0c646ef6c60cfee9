import { checkHasPermission, type StaffPermission } from '@hk/domain/staff/roles';
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
 * A staff route's guard: a signed-in staff member (401 otherwise) whose roles grant `permission`
 * (403 otherwise; packages/domain/src/staff/roles.ts). Use it as the route's `preValidation` hook
 * (an anonymous caller then learns nothing about the payload) or `preHandler`:
 *
 *   app.get('/cases', { preValidation: requireStaff('case.read'), schema }, handler)
 *
 * Without a permission it only needs the session (GET /session).
 */
export function requireStaff(permission?: StaffPermission) {
  return async function checkStaff(request: FastifyRequest) {
    const session = request.staffSession;
    if (!session) throw new AppError('STAFF_NOT_SIGNED_IN');
    if (permission && !checkHasPermission(session.roles, permission)) throw new AppError('STAFF_NOT_ALLOWED');
  };
}

/** The session of a route guarded by requireStaff (never null there). */
export function staffSessionOf(request: FastifyRequest): StaffRequestSession {
  if (!request.staffSession) throw new AppError('STAFF_NOT_SIGNED_IN');
  return request.staffSession;
}

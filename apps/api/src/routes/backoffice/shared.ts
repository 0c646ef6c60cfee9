import { ErrorEnvelopeSchema } from '@hk/domain';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { StaffClient } from '../../plugins/app/staff/staff-auth-service';

// What every staff route file shares: its answers' schemas and who made the call. Kept apart from
// index.ts, which registers the route files, so no route file imports the file that imports it
// (the routes ↔ index import circle).

/**
 * Every status a staff route may answer (stack notes: each must be listed): business outcomes and
 * staff failures carry the envelope with their HTTP class (401, 403, 423; errors.ts).
 */
export function staffResponses<T extends z.ZodMiniType>(success: T) {
  return {
    200: z.union([success, ErrorEnvelopeSchema]),
    400: ErrorEnvelopeSchema,
    401: ErrorEnvelopeSchema,
    403: ErrorEnvelopeSchema,
    404: ErrorEnvelopeSchema,
    413: ErrorEnvelopeSchema,
    415: ErrorEnvelopeSchema,
    423: ErrorEnvelopeSchema,
    429: ErrorEnvelopeSchema,
    500: ErrorEnvelopeSchema,
  };
}

/** A staff route's answers, with 409 for a stale version or a race lost (compare-and-set writes). */
export function staffWriteResponses<T extends z.ZodMiniType>(success: T) {
  return { ...staffResponses(success), 409: ErrorEnvelopeSchema };
}

/** Who made a staff call, as the services record it (events, access log). */
export function clientOf(request: FastifyRequest): StaffClient {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    requestId: request.id,
  };
}

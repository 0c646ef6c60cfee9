import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { findActiveSession } from './session-repository';

/**
 * Auth hook for a route prefix (engineering guide: a hook per prefix, not a check per handler).
 * Runs at preValidation, after the sign check, so an anonymous caller learns nothing about
 * the payload's validity.
 */
export function requireSession(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.token || request.token.length > 200) throw new AppError('SESSION_INVALID');
    const session = await findActiveSession(app.ctx.db, request.token, app.ctx.now());
    if (!session) throw new AppError('SESSION_INVALID');
    request.session = session;
  });
}

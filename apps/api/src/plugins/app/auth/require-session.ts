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

/**
 * A prefix that serves one person's data: it needs their session, and no answer may be cached by
 * the browser or a proxy.
 */
export function requireSessionNoStore(app: FastifyInstance) {
  requireSession(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

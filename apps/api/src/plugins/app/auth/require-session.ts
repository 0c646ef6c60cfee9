import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { sha256Hex } from '../../../lib/crypto';
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

/** What a route reads with the session check, in the same query (`requireSessionReading`). */
export type SessionReader<T> = (
  db: Db,
  tokenHash: string,
  now: Date,
) => Promise<{ session: { userId: string; tokenHash: string }; data: T } | null>;

/**
 * The session check of `requireSessionNoStore` for routes that answer from one read: the reader
 * checks the session (unrevoked, unexpired) and reads the route's data in one query, so a call
 * costs one round trip to the database (decision 023: the status call, which every visit makes
 * first). Returns how a handler gets what was read with its request's session.
 */
export function requireSessionReadingNoStore<T>(
  app: FastifyInstance,
  read: SessionReader<T>,
): (request: FastifyRequest) => T {
  const readings = new WeakMap<FastifyRequest, T>();
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.token || request.token.length > 200) throw new AppError('SESSION_INVALID');
    const found = await read(app.ctx.db, sha256Hex(request.token), app.ctx.now());
    if (!found) throw new AppError('SESSION_INVALID');
    request.session = found.session;
    readings.set(request, found.data);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  return (request) => {
    if (!readings.has(request)) throw new Error('no session reading for this request');
    return readings.get(request) as T;
  };
}

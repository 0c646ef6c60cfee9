import { timingSafeEqual } from 'node:crypto';
import { envelope } from '@hk/domain';
import {
  STAFF_API_PREFIX,
  STAFF_CSRF_HEADER,
  STAFF_SESSION_COOKIE,
  StaffEventsQuerySchema,
  StaffEventsResponseSchema,
  StaffSessionSchema,
  StaffSignInRequestSchema,
} from '@hk/domain/staff/contracts';
import { type StaffRouteNeed, staffRouteNeed } from '@hk/domain/staff/permissions';
import { STAFF_SESSION_ABSOLUTE_MS } from '@hk/domain/staff/session-rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { checkStaffNeed, staffSessionOf } from '../../plugins/app/staff/require-staff';
import {
  findStaffSession,
  StaffSignInLimitedError,
  signInStaff,
  signOutStaff,
  toStaffSessionView,
  touchStaff,
} from '../../plugins/app/staff/staff-auth-service';
import { listStaffEvents } from '../../plugins/app/staff/staff-event-repository';
import { contentStaffRoutes } from './content';
import { depositRoutes } from './deposits';
import { evidenceRoutes } from './evidence';
import { jobRoutes } from './jobs';
import { openingRoutes } from './opening';
import { outboxRoutes } from './outbox';
import { reviewRoutes } from './review';
import { clientOf, staffResponses } from './shared';
import { staffRoutes } from './staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A state-changing staff call that needs no CSRF token: only sign-in (there is no session yet). */
    staffCsrfExempt?: boolean;
    /** What the call needs, from the one permission table (packages/domain/src/staff/permissions.ts). */
    staffNeed?: StaffRouteNeed;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function sameToken(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The staff console's API (issue #14, docs/backoffice.md), an encapsulated plugin registered
 * under /backoffice/api. Its own rules, named here rather than implied by registration order:
 * - outside the applicant API's signing (`_t`/`_sign`): every route of this plugin is marked
 *   `unsigned` by its own onRoute hook;
 * - authenticated only by the staff session cookie, never by the applicant's token (which no
 *   hook here reads);
 * - every POST, PUT, PATCH and DELETE carries the session's CSRF token in `x-csrf-token`;
 * - every route needs what the permission table (packages/domain/src/staff/permissions.ts) says:
 *   a route the table does not name stops the app from starting, so none is left unguarded.
 * Who may reach it at all (listener, networks) is backoffice-guard.ts's.
 */
export async function backofficeApiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secureCookie = app.ctx.config.isProduction;

  app.addHook('onRoute', (route) => {
    const path = route.url.slice(STAFF_API_PREFIX.length) || '/';
    const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
    const staffNeed = staffRouteNeed(method, path);
    if (!staffNeed)
      throw new Error(`${method} ${path}: not in the staff permission table (staff/permissions.ts)`);
    route.config = { ...route.config, unsigned: true, staffNeed };
  });
  app.decorateRequest('staffSession', null);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // At preValidation, as the applicant API's session check: after the body's size and type are
  // checked (413, 415 for everyone), before its content is (an anonymous caller learns nothing).
  app.addHook('preValidation', async (request) => {
    const session = await findStaffSession(
      app.ctx,
      readCookie(request, STAFF_SESSION_COOKIE),
      clientOf(request),
    );
    // the console says which language its person chose (the `lang` header, as the applicant's
    // client does); without it, the account's own language
    if (session && !request.headers.lang) request.lang = session.staff.language;
    if (STATE_CHANGING.has(request.method) && !request.routeOptions.config?.staffCsrfExempt) {
      if (!session) throw new AppError('STAFF_NOT_SIGNED_IN');
      if (!sameToken(request.headers[STAFF_CSRF_HEADER], session.csrfToken))
        throw new AppError('STAFF_CSRF_REFUSED');
    }
    // used now: the idle clock starts again (a refused CSRF call above does not count as use)
    request.staffSession = session ? await touchStaff(app.ctx, session) : null;
    // the route's need from the table: 401 without a session, 403 without the permission
    const need = request.routeOptions.config?.staffNeed;
    if (need) checkStaffNeed(request.staffSession, need);
  });

  const setCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    reply.header(
      'set-cookie',
      [
        `${STAFF_SESSION_COOKIE}=${value}`,
        `Path=${STAFF_API_PREFIX}`,
        `Max-Age=${maxAgeSeconds}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secureCookie ? ['Secure'] : []),
      ].join('; '),
    );

  const SessionResponse = envelope(StaffSessionSchema);

  // Sign in: password, then TOTP. The answer sets the session cookie and gives the CSRF token.
  app.post(
    '/session',
    {
      config: { staffCsrfExempt: true },
      schema: { body: StaffSignInRequestSchema, response: staffResponses(SessionResponse) },
    },
    async (request, reply) => {
      const client = clientOf(request);
      // a sign-in on a browser already signed in replaces that session
      if (request.staffSession) await signOutStaff(app.ctx, request.staffSession, client);
      const { token, session } = await signInStaff(app.ctx, request.body, client).catch((err: unknown) => {
        // a limit says when to come back (RFC 6585); the answer is the same whatever the password
        if (err instanceof StaffSignInLimitedError && err.retryAfterSeconds !== null)
          reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      });
      if (!request.headers.lang) request.lang = session.staff.language;
      setCookie(reply, token, Math.floor(STAFF_SESSION_ABSOLUTE_MS / 1000));
      return reply.send(ok(toStaffSessionView(session)));
    },
  );

  // Who is signed in (and when the session ends); using it counts as activity.
  app.get('/session', { schema: { response: staffResponses(SessionResponse) } }, async (request, reply) =>
    reply.send(ok(toStaffSessionView(staffSessionOf(request)))),
  );

  // Sign out (with the CSRF header): the session ends on the server and the cookie is cleared.
  app.delete(
    '/session',
    { schema: { response: staffResponses(envelope(z.null())) } },
    async (request, reply) => {
      await signOutStaff(app.ctx, staffSessionOf(request), clientOf(request));
      setCookie(reply, '', 0);
      return reply.send(ok(null));
    },
  );

  // The staff events (audit.read): who signed in, failed, was locked, signed out, from where.
  app.get(
    '/staff-events',
    {
      schema: {
        querystring: StaffEventsQuerySchema,
        response: staffResponses(envelope(StaffEventsResponseSchema)),
      },
    },
    async (request, reply) => {
      const rows = await listStaffEvents(app.ctx.db, {
        ...(request.query.staffId ? { staffId: request.query.staffId.toLowerCase() } : {}),
        limit: request.query.limit ?? 100,
      });
      return reply.send(
        ok({
          events: rows.map((row) => ({
            id: row.id,
            staffId: row.staffId,
            username: row.username,
            type: row.type,
            data: row.data,
            ip: row.ip,
            userAgent: row.userAgent,
            createdAt: row.createdAt.toISOString(),
          })),
        }),
      );
    },
  );

  // the review of submitted applications (issue #14): routes/backoffice/review.ts
  await app.register(reviewRoutes);
  // operations match identity deposits (issue #15): routes/backoffice/deposits.ts
  await app.register(depositRoutes);
  // opening accounts, an application's records and evidence pack (issue #15): opening.ts, evidence.ts
  await app.register(openingRoutes);
  await app.register(evidenceRoutes);
  // heavy staff work as background jobs, their progress and results (issue #22): jobs.ts
  await app.register(jobRoutes);
  // content the status page shows (issue #15): routes/backoffice/content.ts
  await app.register(contentStaffRoutes);
  // the notifications outbox for operations (issue #22): routes/backoffice/outbox.ts
  await app.register(outboxRoutes);
  // the staff page and the first sign-in by a one-time link (issue #22): routes/backoffice/staff.ts
  await app.register(staffRoutes);
}

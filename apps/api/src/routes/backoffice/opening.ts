import { ErrorEnvelopeSchema, envelope } from '@hk/domain';
import {
  OpenAccountParamsSchema,
  OpenAccountResponseSchema,
  OpeningQueueSchema,
} from '@hk/domain/opening/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { ok } from '../../lib/envelope';
import { fetchOpeningQueue, openAccount } from '../../plugins/app/opening/opening-service';
import type { StaffRequestClient } from '../../plugins/app/review/review-service';
import { requireStaff, staffSessionOf } from '../../plugins/app/staff/require-staff';
import { staffResponses } from './index';

// Opening accounts (issue #15, docs/opening.md), inside backofficeApiRoutes: the staff session,
// CSRF and no-store come from there; both calls need account.open.

function responses<T extends z.ZodMiniType>(success: T) {
  return { ...staffResponses(success), 409: ErrorEnvelopeSchema };
}

function clientOf(request: FastifyRequest): StaffRequestClient {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    requestId: request.id,
  };
}

export async function openingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    '/opening',
    {
      preValidation: requireStaff('account.open'),
      schema: { response: responses(envelope(OpeningQueueSchema)) },
    },
    async () => ok(await fetchOpeningQueue(ctx)),
  );

  app.post(
    '/opening/:id',
    {
      preValidation: requireStaff('account.open'),
      schema: { params: OpenAccountParamsSchema, response: responses(envelope(OpenAccountResponseSchema)) },
    },
    async (request) =>
      ok(await openAccount(ctx, staffSessionOf(request), request.params.id, clientOf(request))),
  );
}

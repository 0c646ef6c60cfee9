import { envelope } from '@hk/domain';
import {
  OutboxListSchema,
  OutboxMessageParamsSchema,
  OutboxQuerySchema,
  OutboxRetryRequestSchema,
  OutboxRetryResponseSchema,
} from '@hk/domain/review/outbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { fetchOutbox, retryOutboxMessage } from '../../plugins/app/notifications/outbox-service';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';
import { clientOf, staffResponses, staffWriteResponses } from './shared';

// The notifications outbox for operations (issue #22, docs/backoffice.md "Notifications"), inside
// backofficeApiRoutes: the staff session, CSRF and no-store come from there; both need outbox.manage.

export async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    '/outbox',
    {
      schema: { querystring: OutboxQuerySchema, response: staffResponses(envelope(OutboxListSchema)) },
    },
    async (request) => ok(await fetchOutbox(ctx, request.query.status)),
  );

  app.post(
    '/outbox/:id/retry',
    {
      schema: {
        params: OutboxMessageParamsSchema,
        body: OutboxRetryRequestSchema,
        response: staffWriteResponses(envelope(OutboxRetryResponseSchema)),
      },
    },
    async (request) =>
      ok(
        await retryOutboxMessage(
          ctx,
          staffSessionOf(request),
          request.params.id,
          request.body.version,
          clientOf(request),
        ),
      ),
  );
}

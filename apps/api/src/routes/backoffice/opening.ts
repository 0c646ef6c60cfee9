import { envelope } from '@hk/domain';
import {
  OpenAccountParamsSchema,
  OpenAccountResponseSchema,
  OpeningQueueSchema,
} from '@hk/domain/opening/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { fetchOpeningQueue, openAccount } from '../../plugins/app/opening/opening-service';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';
import { clientOf, staffWriteResponses } from './shared';

// Opening accounts (issue #15, docs/opening.md), inside backofficeApiRoutes: the staff session,
// CSRF and no-store come from there; both calls need account.open.

export async function openingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    '/opening',
    {
      schema: { response: staffWriteResponses(envelope(OpeningQueueSchema)) },
    },
    async () => ok(await fetchOpeningQueue(ctx)),
  );

  app.post(
    '/opening/:id',
    {
      schema: {
        params: OpenAccountParamsSchema,
        response: staffWriteResponses(envelope(OpenAccountResponseSchema)),
      },
    },
    async (request) =>
      ok(await openAccount(ctx, staffSessionOf(request), request.params.id, clientOf(request))),
  );
}

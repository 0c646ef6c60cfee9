import {
  CreateApplicationRequestSchema,
  CreateApplicationResponseSchema,
  IdInfoResponseSchema,
  IdLocationRequestSchema,
  IdLocationResponseSchema,
} from '@hk/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok, responses } from '../../lib/envelope';
import { createApplication } from '../../plugins/app/application/application-repository';
import { saveIdDetails, saveIdLocation } from '../../plugins/app/application/id-step-service';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';

/**
 * Account initialisation (spec §2) and the ID step; every route needs a session. The status and
 * info calls are in ./status.ts (one query each, with the session check).
 */
export async function applicationRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/V9/OpenAccountHk/loginCreate',
    {
      schema: { body: CreateApplicationRequestSchema, response: responses(CreateApplicationResponseSchema) },
    },
    async (request) => {
      const { application, created } = await createApplication(
        app.ctx.db,
        {
          userId: request.session!.userId,
          markets: [...new Set(request.body.type)],
          // `source` is one of the common parameters (spec §7), stripped before validation
          source: request.body.source || request.commonParams.source || null,
          now: app.ctx.now(),
        },
        eventMetaOf(request, app.ctx.vault),
      );
      return ok({ application_id: application.id, created });
    },
  );

  app.post(
    '/v9/OpenAccountHk/id_location',
    { schema: { body: IdLocationRequestSchema, response: responses(IdLocationResponseSchema) } },
    async (request) => {
      const { version } = await saveIdLocation(
        app.ctx,
        request.session!.userId,
        request.body,
        eventMetaOf(request, app.ctx.vault),
      );
      return ok({ id_location: request.body.id_location, version });
    },
  );

  // The schema depends on today's date and on what is stored, so the handler builds and parses it.
  app.post(
    '/v9/OpenAccountHk/id_info',
    {
      schema: {
        body: z.optional(z.record(z.string(), z.unknown())),
        response: responses(IdInfoResponseSchema),
      },
    },
    async (request) =>
      ok(
        await saveIdDetails(
          app.ctx,
          request.session!.userId,
          request.body ?? {},
          eventMetaOf(request, app.ctx.vault),
        ),
      ),
  );
}

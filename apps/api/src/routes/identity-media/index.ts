import { LiveVideoCheckResponseSchema } from '@hk/domain/steps/identity-media/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';
import { issueLiveCode } from '../../plugins/app/identity-media/identity-media-service';

/** spec §7 `liveVideoCheck`: the digits of one face-video attempt (docs/api/steps/identity-media.md). Session only. */
export async function identityMediaRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/liveVideoCheck',
    { schema: { response: responses(LiveVideoCheckResponseSchema) } },
    async (request) =>
      ok(await issueLiveCode(app.ctx, request.session!.userId, eventMetaOf(request, app.ctx.vault))),
  );
}

import {
  RiskDisclosureRequestSchema,
  RiskDisclosureResponseSchema,
} from '@hk/domain/steps/risk-disclosure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';
import {
  acceptRiskDisclosureListened,
  startRiskDisclosure,
} from '../../plugins/app/risk-disclosure/risk-disclosure-service';

/** The risk-disclosure recording (docs/api/steps/risk-disclosure.md): start it, then say it was heard. Session only. */
export async function riskDisclosureRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/risk_disclosure',
    { schema: { body: RiskDisclosureRequestSchema, response: responses(RiskDisclosureResponseSchema) } },
    async (request) => {
      const body = request.body;
      const userId = request.session!.userId;
      const meta = eventMetaOf(request, app.ctx.vault);
      return ok(
        body.action === 'start'
          ? await startRiskDisclosure(app.ctx, userId, body.language, meta)
          : await acceptRiskDisclosureListened(app.ctx, userId, body, meta),
      );
    },
  );
}

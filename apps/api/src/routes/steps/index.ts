import {
  StepInfoResponseSchema,
  StepParamsSchema,
  StepSaveRequestSchema,
  StepSaveResponseSchema,
} from '@hk/domain/flow/step-contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';
import { fetchStepInfo, saveStepForm } from '../../plugins/app/steps/step-form-service';

/** The generic step calls (docs/api/steps/README.md): a step's answers, and saving them. Session only. */
export async function stepRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/step/:step',
    {
      schema: {
        params: StepParamsSchema,
        body: StepSaveRequestSchema,
        response: responses(StepSaveResponseSchema),
      },
    },
    async (request) =>
      ok(
        await saveStepForm(
          app.ctx,
          request.session!.userId,
          request.params.step,
          request.body,
          eventMetaOf(request, app.ctx.vault),
        ),
      ),
  );

  app.post(
    '/v9/OpenAccountHk/step_info/:step',
    { schema: { params: StepParamsSchema, response: responses(StepInfoResponseSchema) } },
    async (request) => ok(await fetchStepInfo(app.ctx, request.session!.userId, request.params.step)),
  );
}

import {
  AgreementOpenedRequestSchema,
  AgreementOpenedResponseSchema,
  AgreementsRequestSchema,
  AgreementsResponseSchema,
  SignRequestSchema,
  SignResponseSchema,
} from '@hk/domain/steps/signature/contracts';
import { SIGNATURE_LIMITS } from '@hk/domain/steps/signature/signing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';
import {
  fetchAgreements,
  recordAgreementOpened,
  signAgreements,
} from '../../plugins/app/signature/signature-service';

/** The agreements and the handwritten signature (docs/api/steps/signature.md). Session only. */
export async function signatureRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/agreements',
    { schema: { body: AgreementsRequestSchema, response: responses(AgreementsResponseSchema) } },
    async (request) => ok(await fetchAgreements(app.ctx, request.session!.userId, request.body.language)),
  );

  app.post(
    '/v9/OpenAccountHk/agreement_opened',
    { schema: { body: AgreementOpenedRequestSchema, response: responses(AgreementOpenedResponseSchema) } },
    async (request) =>
      ok(
        await recordAgreementOpened(
          app.ctx,
          request.session!.userId,
          request.body,
          eventMetaOf(request, app.ctx.vault),
        ),
      ),
  );

  app.post(
    '/v9/OpenAccountHk/sign',
    {
      // the PNG travels as a data URL in the JSON body: above the 64 KB of other calls
      bodyLimit: Math.ceil((SIGNATURE_LIMITS.pngMaxBytes * 4) / 3) + 256 * 1024,
      schema: { body: SignRequestSchema, response: responses(SignResponseSchema) },
    },
    async (request) =>
      ok(
        await signAgreements(
          app.ctx,
          request.session!.userId,
          request.body,
          eventMetaOf(request, app.ctx.vault),
        ),
      ),
  );
}

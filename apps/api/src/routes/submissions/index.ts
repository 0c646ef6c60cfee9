import {
  AuditResponseSchema,
  SubmitRequestSchema,
  SubmitResponseSchema,
} from '@hk/domain/flow/submit-contracts';
import { ReturnedResponseSchema } from '@hk/domain/review/returned-contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';
import { fetchReturnedItems } from '../../plugins/app/review/returned-service';
import { fetchAudit } from '../../plugins/app/submissions/audit-service';
import { submitApplication } from '../../plugins/app/submissions/submission-service';

/**
 * The review and the submission (docs/api/steps/review.md): `audit` reads every
 * applicable step as the review shows it; `submit` freezes the application (idempotent by key).
 * Session only, never cached.
 */
export async function submissionRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/audit',
    { schema: { response: responses(AuditResponseSchema) } },
    async (request) => ok(await fetchAudit(app.ctx, request.session!.userId)),
  );

  // What staff returned for changes (issue #14), in the request's language; empty unless status is -1.
  app.post(
    '/v9/OpenAccountHk/returned',
    { schema: { response: responses(ReturnedResponseSchema) } },
    async (request) => ok(await fetchReturnedItems(app.ctx, request.session!.userId, request.lang)),
  );

  app.post(
    '/v9/OpenAccountHk/submit',
    { schema: { body: SubmitRequestSchema, response: responses(SubmitResponseSchema) } },
    async (request) => {
      const { application, submission, replayed } = await submitApplication(
        app.ctx,
        request.session!.userId,
        eventMetaOf(request, app.ctx.vault),
        { idempotencyKey: request.body.idempotency_key },
      );
      return ok({
        submission_number: submission.number,
        sha256: submission.sha256,
        submitted_at: submission.createdAt.toISOString(),
        status: application.status,
        replayed,
      });
    },
  );
}

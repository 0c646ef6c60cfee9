import { MailCheckRequestSchema, MailCheckResponseSchema } from '@hk/domain/flow/mail-check';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientKey } from '../../lib/client-key';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';
import {
  emailVerificationStatus,
  sendEmailCode,
  verifyEmailCode,
} from '../../plugins/app/mail/email-code-service';

/** spec §7 mailCheck (docs/api/steps/personal.md): the personal step's email verification. Session only. */
export async function mailRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/mailCheck',
    { schema: { body: MailCheckRequestSchema, response: responses(MailCheckResponseSchema) } },
    async (request) => {
      const body = request.body;
      const userId = request.session!.userId;
      if (body.action === 'status') return ok(await emailVerificationStatus(app.ctx, userId, body));
      return ok(
        body.action === 'send'
          ? await sendEmailCode(
              app.ctx,
              userId,
              { email: body.email, ip: clientKey(request.ip), lang: request.lang },
              request.log,
            )
          : await verifyEmailCode(
              app.ctx,
              userId,
              { email: body.email, code: body.code },
              eventMetaOf(request, app.ctx.vault),
            ),
      );
    },
  );
}

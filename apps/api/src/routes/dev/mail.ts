import { envelope } from '@hk/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok, responses } from '../../lib/envelope';

// Dev-only contract, like GET /dev/sms: registered (app.ts) only with the console mailer outside
// production (config.ts hasMailDevTools), so it is not part of the shared contracts.
const DevMailQuerySchema = z.object({
  email: z
    .string({ error: 'email_required' })
    .check(z.minLength(3, 'email_invalid'), z.maxLength(200, 'email_invalid')),
});
const DevMailResponseSchema = envelope(
  z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      code: z.string(),
      sent_at: z.string(),
    }),
  ),
);

/** GET /dev/mail?email=…: the messages the console mailer sent to an address, newest first. */
export async function devMailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mail',
    {
      config: { unsigned: true },
      schema: { querystring: DevMailQuerySchema, response: responses(DevMailResponseSchema) },
    },
    async (request, reply) => {
      const list = app.ctx.mailer.outbox?.list(request.query.email) ?? [];
      return reply.header('cache-control', 'no-store').send(
        ok(
          list.map((m) => ({
            to: m.to,
            subject: m.subject,
            text: m.text,
            code: m.code,
            sent_at: m.sentAt.toISOString(),
          })),
        ),
      );
    },
  );
}

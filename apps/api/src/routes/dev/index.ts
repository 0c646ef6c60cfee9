import { envelope, normalizeMobile } from '@hk/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok, responses } from '../../lib/envelope';
import { findDevCaptchaText } from '../../plugins/app/captcha/captcha-service';

// Dev-only contracts: these routes serve automated tests and exist only with the console SMS
// provider outside production (app.ts registers them under /dev when config.ts hasDevTools), so
// they are not part of the shared contracts in packages/domain.
const DevSmsQuerySchema = z.object({
  mobile: z.string({ error: 'mobile_required' }).check(z.regex(/^[\d\s+-]{1,40}$/, 'mobile_invalid')),
});
const DevSmsResponseSchema = envelope(
  z.array(z.object({ to: z.string(), body: z.string(), code: z.string(), sent_at: z.string() })),
);
const DevCaptchaQuerySchema = z.object({
  device: z.string({ error: 'invalid_value' }).check(z.minLength(1, 'invalid_value'), z.maxLength(64)),
});
const DevCaptchaResponseSchema = envelope(z.object({ text: z.nullable(z.string()) }));

export async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  // Messages the console provider sent to a mobile, newest first, each with its code.
  app.get(
    '/sms',
    {
      config: { unsigned: true },
      schema: { querystring: DevSmsQuerySchema, response: responses(DevSmsResponseSchema) },
    },
    async (request, reply) => {
      const inbox = app.ctx.sms.inbox;
      const digits = normalizeMobile(request.query.mobile);
      // Numbers of other regions are kept as their national significant number (no trunk 0).
      let list = inbox?.list(digits) ?? [];
      if (list.length === 0 && digits.startsWith('0')) list = inbox?.list(digits.replace(/^0+/, '')) ?? [];
      return reply
        .headers(noStore)
        .send(
          ok(list.map((m) => ({ to: m.to, body: m.body, code: m.code, sent_at: m.sentAt.toISOString() }))),
        );
    },
  );

  // The text of the device's latest captcha (null when it has none).
  app.get(
    '/captcha',
    {
      config: { unsigned: true },
      schema: { querystring: DevCaptchaQuerySchema, response: responses(DevCaptchaResponseSchema) },
    },
    async (request, reply) =>
      reply.headers(noStore).send(ok({ text: findDevCaptchaText(app.ctx, request.query.device) ?? null })),
  );
}

import { envelope } from '@hk/domain';
import { STAFF_ROLES } from '@hk/domain/staff/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok, responses } from '../../lib/envelope';
import { DEMO_STAFF_PASSWORD, demoStaffCodes } from '../../plugins/app/staff/staff-accounts';

// Dev-only (registered under /dev with the other dev tools, app.ts): the demo staff accounts'
// current TOTP codes, as GET /dev/sms shows the SMS codes. Real accounts are never listed.
const DevStaffCodesSchema = envelope(
  z.object({
    password: z.string(),
    accounts: z.array(
      z.object({
        username: z.string(),
        role: z.enum(STAFF_ROLES),
        code: z.string(),
        validForSeconds: z.number(),
      }),
    ),
  }),
);

export async function devStaffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/staff-codes',
    { config: { unsigned: true }, schema: { response: responses(DevStaffCodesSchema) } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(ok({ password: DEMO_STAFF_PASSWORD, accounts: await demoStaffCodes(app.ctx) })),
  );
}

import { TaxPrefillResponseSchema } from '@hk/domain/steps/tax/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { fetchTaxPrefill } from '../../plugins/app/tax/tax-service';

/** The tax screen's prefill: the TIN from the ID (masked) and the W-8BEN (docs/api/steps/tax.md). */
export async function taxRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/tax_prefill',
    { schema: { response: responses(TaxPrefillResponseSchema) } },
    async (request) => ok(await fetchTaxPrefill(app.ctx, request.session!.userId)),
  );
}

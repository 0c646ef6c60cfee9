import {
  CompanyNameListRequestSchema,
  CompanyNameListResponseSchema,
} from '@hk/domain/steps/employment/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import {
  type CompanyNameIndex,
  createCompanyNameIndex,
  loadCompanyNameList,
} from '../../plugins/app/companies/company-names';

/**
 * spec §7 `company_name_list`: employer-name suggestions for the employment step, from the list the
 * broker maintains (read once at start). Public reference data: no session, cacheable, the same for
 * everyone who asks in the same language.
 */
export async function companyRoutes(parent: FastifyInstance, opts: { index?: CompanyNameIndex } = {}) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const index = opts.index ?? createCompanyNameIndex(loadCompanyNameList());

  app.get(
    '/v9/OpenAccountHk/company_name_list',
    {
      schema: {
        querystring: CompanyNameListRequestSchema,
        response: responses(CompanyNameListResponseSchema),
      },
    },
    async (request, reply) => {
      const { keyword, limit } = request.query;
      // the list changes with a deployment only; `name` follows the language
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'Accept-Language');
      return ok({ keyword, items: index.search(keyword, limit, request.lang) });
    },
  );
}

import {
  CaRequestSchema,
  CaResponseSchema,
  CountryListResponseSchema,
  IpInfoResponseSchema,
  listCountries,
  PHONE_REGIONS,
  RegionListRequestSchema,
  RegionListResponseSchema,
} from '@hk/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';

/** Reference data the login page and the flow read (docs/api/auth.md "Reference data"). */
export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // spec §3: the 16 phone regions in order; `No` is the dial code (digits).
  app.get(
    '/user/login/get_region_list',
    { schema: { querystring: RegionListRequestSchema, response: responses(RegionListResponseSchema) } },
    async (request) =>
      ok(PHONE_REGIONS.map((r) => ({ code: r.code, country: r.names[request.lang], No: r.dial }))),
  );

  // spec §1: the customer-service block (phone, Hong Kong phone, Monday to Friday 9:00 to 18:00).
  app.post(
    '/app/index/getIpInfo',
    { schema: { response: responses(IpInfoResponseSchema) } },
    async (request) => {
      // the numbers and hours staff manage (docs/content.md), the status page's own
      const service = await app.ctx.content.serviceInfo(request.lang);
      return ok({ tel: service.tel, tel_hk: service.tel_hk, service_hours: service.service_hours });
    },
  );

  // spec §7 getCA: the entry link's caType when it names a known authority, else the configured one.
  app.get(
    '/v9/OpenAccountHk/getCA',
    { schema: { querystring: CaRequestSchema, response: responses(CaResponseSchema) } },
    async (request) => {
      const asked = request.query.caType?.toLowerCase();
      return ok(asked === 'sz' || asked === 'gd' ? asked : app.ctx.config.caType);
    },
  );

  app.get(
    '/v9/OpenAccountHk/get_country_list',
    { schema: { response: responses(CountryListResponseSchema) } },
    async (request) => ok(listCountries(request.lang)),
  );
}

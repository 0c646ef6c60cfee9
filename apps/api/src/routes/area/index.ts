import { createHash } from 'node:crypto';
import { AreaQueryResponseSchema } from '@hk/domain/flow/area-contracts';
import { MAINLAND_AREAS } from '@hk/domain/flow/mainland-areas';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ok, responses } from '../../lib/envelope';

/**
 * The mainland's divisions change only with the @vant/area-data package, so clients may keep them
 * a week and use a stale copy a day longer while they check again; the ETag (the body's hash)
 * makes that check a 304.
 */
export const AREA_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

/**
 * GET /app/area/query (spec §7; docs/api/steps/address.md): the province, city and county lists
 * of the address step's picker. The same for everyone and nothing personal: no session, and no
 * request sign (`_t` would make every URL new and defeat the cache). Serialised once.
 */
export async function areaRoutes(parent: FastifyInstance) {
  const body = JSON.stringify(ok(MAINLAND_AREAS));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  // the body is a string made once: the contract is declared for the docs and checked by the tests
  parent.get(
    '/app/area/query',
    {
      config: { unsigned: true },
      schema: { response: { ...responses(AreaQueryResponseSchema), 304: z.null() } },
    },
    async (request, reply) => {
      reply.header('cache-control', AREA_CACHE_CONTROL).header('etag', etag);
      const asked = request.headers['if-none-match'];
      if (asked?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}

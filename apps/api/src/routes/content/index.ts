import { BannerItemListSchema, IpoItemListSchema, ServiceQrInfoSchema } from '@hk/domain/content/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { envelope, ok, responses } from '../../lib/envelope';

/** A banner's SHA-256 (64 hex) or the QR's storage key (32 hex). */
const IMAGE_NAME = /^([0-9a-f]{32}|[0-9a-f]{64})$/;

/**
 * The status page's content (issue #15, docs/content.md): spec §7 `ipoNewList`, `/trade/ipo/lists`,
 * `ipoAbs` and `/v9/ServiceQr/info`, and the public images they name. Public: no session, no
 * personal data; served from this app's content cache, checked against the database on each call.
 */
export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = app.ctx.content;

  const ipoList = { schema: { response: responses(envelope(IpoItemListSchema)) } };
  // spec §1: the IPOs open for subscription today (Hong Kong dates), name in the request's language
  app.post('/v9/OpenAccountHk/ipoNewList', ipoList, async (request) =>
    ok(await cache.todaysIpos(request.lang)),
  );
  app.post('/trade/ipo/lists', ipoList, async (request) => ok(await cache.todaysIpos(request.lang)));

  // spec §3 banner item: live, published, for the language (or all), in order
  app.post(
    '/v9/OpenAccountHk/ipoAbs',
    { schema: { response: responses(envelope(BannerItemListSchema)) } },
    async (request) => ok(await cache.liveBanners(request.lang)),
  );

  // spec §3 service QR response, with the phone block's numbers and hours
  app.post(
    '/v9/ServiceQr/info',
    { schema: { response: responses(envelope(ServiceQrInfoSchema)) } },
    async (request) => ok(await cache.serviceInfo(request.lang)),
  );

  // Public content by an immutable name: the bytes under a name never change, so any cache may keep them.
  app.get('/content/images/:name', { config: { unsigned: true } }, async (request, reply) => {
    // any other name is simply not there (404), as an unknown hash is
    const name = (request.params as { name?: string }).name ?? '';
    const image = IMAGE_NAME.test(name) ? await cache.image(name) : undefined;
    if (!image) throw new AppError('NOT_FOUND');
    const bytes = await app.ctx.files.get(app.ctx.db, image.key);
    if (!bytes) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  });
}

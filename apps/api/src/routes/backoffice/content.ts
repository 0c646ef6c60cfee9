import { envelope } from '@hk/domain';
import {
  BannerListSchema,
  BannerViewSchema,
  ContentDeleteQuerySchema,
  IpoCreateSchema,
  IpoListSchema,
  IpoUpdateSchema,
  IpoViewSchema,
  ServiceViewSchema,
} from '@hk/domain/content/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { readContentMultipart } from '../../plugins/app/content/content-images';
import { findBanner, findService } from '../../plugins/app/content/content-repository';
import {
  type ContentActor,
  createBanner,
  createIpo,
  deleteBanner,
  deleteIpo,
  fetchBanners,
  fetchIpos,
  fetchService,
  updateBanner,
  updateIpo,
  updateService,
} from '../../plugins/app/content/content-service';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';
import { staffWriteResponses } from './shared';

// The content calls of the staff console (issue #15, packages/domain/src/content/contracts.ts,
// docs/content.md). Registered inside backofficeApiRoutes: the staff session, CSRF and no-store
// come from there; every route needs content.edit.

const IdParams = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
});

const actorOf = (request: FastifyRequest): ContentActor => ({
  staffId: staffSessionOf(request).staff.id,
  requestId: request.id,
});

/** Unknown ids are 404 as a missing row is (a malformed id is no different from an absent one). */
function idOf(request: FastifyRequest): string {
  const parsed = z.safeParse(IdParams, request.params);
  if (!parsed.success) throw new AppError('CONTENT_NOT_FOUND');
  return parsed.data.id.toLowerCase();
}

export async function contentStaffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const Ipo = envelope(IpoViewSchema);
  const Banner = envelope(BannerViewSchema);
  const Service = envelope(ServiceViewSchema);
  const Deleted = envelope(z.null());

  // ------------------------------------------------------------ IPOs
  app.get(
    '/content/ipos',
    { schema: { response: staffWriteResponses(envelope(IpoListSchema)) } },
    async (request) => ok({ ipos: await fetchIpos(ctx, request.lang) }),
  );
  app.post(
    '/content/ipos',
    { schema: { body: IpoCreateSchema, response: staffWriteResponses(Ipo) } },
    async (request) => ok(await createIpo(ctx, actorOf(request), request.body, request.lang)),
  );
  app.put(
    '/content/ipos/:id',
    { schema: { body: IpoUpdateSchema, response: staffWriteResponses(Ipo) } },
    async (request) => ok(await updateIpo(ctx, actorOf(request), idOf(request), request.body, request.lang)),
  );
  app.delete(
    '/content/ipos/:id',
    {
      schema: { querystring: ContentDeleteQuerySchema, response: staffWriteResponses(Deleted) },
    },
    async (request) => {
      await deleteIpo(ctx, actorOf(request), idOf(request), request.query.version);
      return ok(null);
    },
  );

  // ------------------------------------------------------------ banners (multipart: payload + file)
  app.get(
    '/content/banners',
    { schema: { response: staffWriteResponses(envelope(BannerListSchema)) } },
    async () => ok({ banners: await fetchBanners(ctx) }),
  );
  app.post('/content/banners', { schema: { response: staffWriteResponses(Banner) } }, async (request) => {
    const { payload, file } = await readContentMultipart(request);
    return ok(await createBanner(ctx, actorOf(request), payload, file));
  });
  app.put('/content/banners/:id', { schema: { response: staffWriteResponses(Banner) } }, async (request) => {
    const id = idOf(request);
    const { payload, file } = await readContentMultipart(request);
    return ok(await updateBanner(ctx, actorOf(request), id, payload, file));
  });
  app.delete(
    '/content/banners/:id',
    {
      schema: { querystring: ContentDeleteQuerySchema, response: staffWriteResponses(Deleted) },
    },
    async (request) => {
      await deleteBanner(ctx, actorOf(request), idOf(request), request.query.version);
      return ok(null);
    },
  );
  // the console's preview of a banner, published or not
  app.get('/content/banners/:id/image', async (request, reply) => {
    const banner = await findBanner(ctx.db, idOf(request));
    if (!banner) throw new AppError('CONTENT_NOT_FOUND');
    return sendImage(reply, await ctx.files.get(ctx.db, banner.imageKey), banner.imageMime);
  });

  // ------------------------------------------------------------ customer service
  app.get('/content/service', { schema: { response: staffWriteResponses(Service) } }, async () =>
    ok(await fetchService(ctx)),
  );
  app.put('/content/service', { schema: { response: staffWriteResponses(Service) } }, async (request) => {
    const { payload, file } = await readContentMultipart(request);
    return ok(await updateService(ctx, actorOf(request), payload, file));
  });
  app.get('/content/service/qr', async (_request, reply) => {
    const service = await findService(ctx.db);
    if (!service.qrImageKey || !service.qrImageMime) throw new AppError('CONTENT_NOT_FOUND');
    return sendImage(reply, await ctx.files.get(ctx.db, service.qrImageKey), service.qrImageMime);
  });
}

function sendImage(reply: FastifyReply, bytes: Buffer | null, mime: string) {
  if (!bytes) throw new AppError('CONTENT_NOT_FOUND');
  return reply.header('content-type', mime).header('x-content-type-options', 'nosniff').send(bytes);
}

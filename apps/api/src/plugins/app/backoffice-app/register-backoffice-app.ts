import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { setBuiltAppCacheHeaders } from '../../../lib/built-app-cache';

/** Where the console is served: apps/backoffice is built with this base (its vite.config.ts). */
export const BACKOFFICE_BASE = '/backoffice';

/**
 * Serves the staff console's build (apps/backoffice/dist) under /backoffice/, as registerWebApp
 * serves the applicant's app at the root, and in a plugin of its own: its files, its page fallback
 * and its cache rules share nothing with the applicant's. Hashed assets are cached for a year; the
 * page is `no-cache` so a deploy is seen at the next load. Client routes (/backoffice/review-queue)
 * get index.html; a missing file and anything under /backoffice/api that no route answers get the
 * 404 envelope, never the page. The routes of this plugin only are marked outside the signed API
 * and the general request limit (the applicant's request sign is not the console's business).
 * Which listener and networks may reach /backoffice is the back-office guard's, before all this.
 */
export async function registerBackofficeApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) return;
  await app.register(async function backofficeApp(backoffice) {
    backoffice.addHook('onRoute', (route) => {
      route.config = { ...route.config, unsigned: true, unlimited: true };
    });
    await backoffice.register(fastifyStatic, {
      root: distDir,
      prefix: `${BACKOFFICE_BASE}/`,
      wildcard: false,
      index: false,
      // .gz siblings written by the console's build (apps/backoffice/vite.config.ts)
      preCompressed: true,
      setHeaders: setBuiltAppCacheHeaders,
    });
    const apiPath = new RegExp(`^${STAFF_API_PREFIX}(/|$)`, 'i');
    const sendPage = (url: string, decodedTail: string | undefined, reply: FastifyReply) => {
      const decoded = `${BACKOFFICE_BASE}/${decodedTail ?? ''}`;
      const pathOnly = url.split('?')[0]!;
      if (apiPath.test(pathOnly) || apiPath.test(decoded)) return reply.callNotFound();
      if (/\.[a-z0-9]+$/i.test(pathOnly)) return reply.callNotFound();
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    };
    backoffice.get(BACKOFFICE_BASE, (request, reply) => sendPage(request.url, '', reply));
    backoffice.get(`${BACKOFFICE_BASE}/*`, (request, reply) =>
      sendPage(request.url, (request.params as { '*'?: string })['*'], reply),
    );
  });
}

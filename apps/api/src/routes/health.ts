import type { FastifyInstance } from 'fastify';
import { checkDatabase } from '../db/client';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { config: { unsigned: true, unlimited: true } }, async (_request, reply) => {
    await checkDatabase(app.ctx.db);
    return reply.header('cache-control', 'no-store').send({ status: 0, data: { db: 'ok' }, info: 'ok' });
  });
}

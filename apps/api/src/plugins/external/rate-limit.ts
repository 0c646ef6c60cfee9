import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Outside the general request limit: health checks and the web app's files (named where declared). */
    unlimited?: boolean;
  }
}

/**
 * The general per-client request limit of the whole API (issue #5 §4.8): `perMinute` requests a
 * minute per client key (lib/client-key.ts: an IPv4 address, an IPv6 /64), counted before any
 * other work, refused ones included. With REDIS_URL the count lives in Redis, so every server
 * process shares it; without, in this process's memory. If Redis stops answering, requests are let
 * through (the per-mobile and per-address limits in the database still hold) rather than failing.
 * Register it before the routes: it attaches itself to each route as it is added.
 */
export const generalRateLimit = fp(
  async (app: FastifyInstance, opts: Config['rateLimit']) => {
    let redis: Redis | undefined;
    if (opts.redisUrl) {
      redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      redis.on('error', (err) => app.log.warn({ err: String(err) }, 'rate-limit redis error'));
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: opts.perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => clientKey(request.ip),
      allowList: (request) => request.routeOptions.config?.unlimited === true,
      ...(redis ? { redis, nameSpace: opts.keyPrefix } : {}),
      skipOnError: true,
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    });
  },
  { name: 'general-rate-limit' },
);

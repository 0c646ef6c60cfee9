import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../lib/app-error';
import type { NetworkAllowList } from '../../../lib/network-allow-list';

/**
 * Which listener an app instance is (server.ts): `all` serves everything (one listener), `public`
 * everything but the back office, `backoffice` only the back office (BACKOFFICE_PORT).
 */
export type AppSurface = 'all' | 'public' | 'backoffice';

/** /backoffice and below, however the path is spelled (case, percent-encoding, a matched route). */
export function checkIsBackofficePath(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  if (/^\/backoffice(\/|$)/i.test(route)) return true;
  const raw = request.url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // the router refuses such paths first; compare the raw path then
  }
  return /^\/+backoffice(\/|$)/i.test(decoded);
}

/** Health stays answerable on every listener (load balancers probe each). */
const isHealth = (request: FastifyRequest) => /^\/healthz(\/|$|\?)/i.test(request.url);

/**
 * Before anything else, on every request: the back office answers 404, as if it did not exist, on
 * a listener that is not its own, and to a client outside BACKOFFICE_ALLOW_NETWORKS; the
 * back-office listener answers 404 to everything else. Applies to whatever is registered under
 * /backoffice (the API and the console's files) without each of them asking.
 */
export const backofficeGuard = fp(
  async (
    app: FastifyInstance,
    opts: { surface: AppSurface; allowNetworks: NetworkAllowList | undefined },
  ) => {
    app.addHook('onRequest', async (request) => {
      const backoffice = checkIsBackofficePath(request);
      if (backoffice && opts.surface === 'public') throw new AppError('NOT_FOUND');
      if (!backoffice && opts.surface === 'backoffice' && !isHealth(request)) throw new AppError('NOT_FOUND');
      if (backoffice && opts.allowNetworks && !opts.allowNetworks.checkAllows(request.ip))
        throw new AppError('NOT_FOUND');
    });
  },
  { name: 'backoffice-guard' },
);

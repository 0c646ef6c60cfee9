import {
  COMMON_PARAM_KEYS,
  CommonParamsSchema,
  fieldErrorsOf,
  type Language,
  normalizeMobile,
  pickLanguage,
  SIGN_MAX_SKEW_MS,
} from '@hk/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { AppError } from '../../lib/app-error';
import { computeSignNode } from '../../lib/crypto';

/** What a Device-Id may be: letters, digits and `-_.:`, at most 64 (a UUID, the spec's 16 characters). */
const DEVICE_ID_RE = /^[A-Za-z0-9._:-]{1,64}$/;

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    deviceId: string;
    /** Session token from the `token` parameter or `Authorization: Bearer`. */
    token: string | undefined;
    /** The common parameters of spec §7 as sent (first value of each), kept after they are stripped. */
    commonParams: Partial<Record<string, string>>;
  }
  interface FastifyContextConfig {
    /**
     * Routes outside the signed API skip the `_t`/`_sign` check. Named where each such route is
     * declared (health, dev) or by the web-app plugin for its own routes (app.ts); every other
     * route is checked, whenever and wherever it is registered.
     */
    unsigned?: boolean;
  }
}

function paramsOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body =
    request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : {};
  return { ...query, ...(body as Record<string, unknown>) };
}

function first(v: unknown): string | undefined {
  if (Array.isArray(v)) return first(v[0]);
  return typeof v === 'string' ? v : undefined;
}

/**
 * Every request: its language (the `lang` parameter, else the `lang` header, else Accept-Language), its device id, its
 * token; for API routes, the common parameters of spec §7 with `_t` within 5 minutes and `_sign`
 * = sha256(`<token|mobile|''>:<_t>:<secret>`). Runs before validation so a bad sign never reaches
 * a handler. Multipart requests carry these in the query string.
 */
export const requestContext = fp(
  async (app: FastifyInstance, opts: { signSecret: string; now?: () => number }) => {
    const now = opts.now ?? Date.now;
    app.decorateRequest('lang', 'zh-CN');
    app.decorateRequest('deviceId', '');
    app.decorateRequest('token', undefined);
    app.decorateRequest('commonParams', null as unknown as Partial<Record<string, string>>);

    app.addHook('onRequest', async (request) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      // spec §7: the client sends its entry link's `lang` as a header of that name too
      const header = request.headers.lang;
      request.lang = pickLanguage(
        first(query.lang) ??
          (typeof header === 'string' && header ? header : request.headers['accept-language']),
      );
      // spec §3: a 16-character id (H5_SESSION_ID); stored with sessions and captchas, so only
      // printable ASCII is kept (a header's bytes read as latin1 can carry C1 controls)
      const device = request.headers['device-id'];
      request.deviceId = typeof device === 'string' && DEVICE_ID_RE.test(device) ? device : '';
      const auth = request.headers.authorization;
      if (auth?.startsWith('Bearer ')) request.token = auth.slice(7).trim() || undefined;
    });

    app.addHook('preValidation', async (request) => {
      const params = paramsOf(request);
      request.commonParams = {};
      for (const key of COMMON_PARAM_KEYS) {
        const v = first(params[key]);
        if (v !== undefined) request.commonParams[key] = v;
      }
      const lang = first(params.lang);
      if (lang) request.lang = pickLanguage(lang);
      // The token comes from the body or the Bearer header, never from the query string: a URL
      // carrying a session must not work (decision 005; URLs end up in history and proxy logs).
      const body = request.body;
      const token =
        body && typeof body === 'object' && !Buffer.isBuffer(body)
          ? first((body as Record<string, unknown>).token)
          : undefined;
      if (token) request.token ??= token;
      if (request.routeOptions.config?.unsigned || !request.routeOptions.url) return;

      const t = first(params._t);
      const sign = first(params._sign);
      if (!t || !/^\d{10,16}$/.test(t)) throw new AppError('STALE_TIMESTAMP');
      if (Math.abs(now() - Number(t)) > SIGN_MAX_SKEW_MS) throw new AppError('STALE_TIMESTAMP');
      // The sign covers the token that authenticates: a `token` parameter other than the Bearer
      // token would let a request signed over one token be authorised by another.
      if (token && request.token && token !== request.token) throw new AppError('BAD_SIGN');
      const mobile = first(params.mobile);
      const subject = request.token || (mobile ? normalizeMobile(mobile) : '');
      const expected = computeSignNode(subject, t, opts.signSecret);
      if (sign !== expected) throw new AppError('BAD_SIGN');
      // the free ones (`source`, `empId`…, kept with the user or application) under the text rule,
      // once the sign holds; routes outside the signed API (health, dev, the web app's pages) keep none
      const common = z.safeParse(CommonParamsSchema, request.commonParams);
      if (!common.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(common.error.issues));
      Object.assign(request.commonParams, common.data);
      // The common parameters are not part of any endpoint's own contract.
      if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
        for (const key of COMMON_PARAM_KEYS) delete (request.body as Record<string, unknown>)[key];
      }
      if (request.query && typeof request.query === 'object') {
        for (const key of COMMON_PARAM_KEYS) delete (request.query as Record<string, unknown>)[key];
      }
    });
  },
  { name: 'request-context' },
);

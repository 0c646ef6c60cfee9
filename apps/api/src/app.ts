import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { addErrorMessages, LANGUAGES, pickLanguage } from '@hk/domain';
import { FLOW_ERROR_MESSAGES } from '@hk/domain/flow/messages';
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import { STAFF_ERROR_MESSAGES } from '@hk/domain/staff/messages';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasDevTools, hasMailDevTools } from './config';
import type { AppContext } from './context';
import { setBuiltAppCacheHeaders } from './lib/built-app-cache';
import { loginPageFile, loginPageLanguage } from './lib/login-page';
import { registerBackofficeApp } from './plugins/app/backoffice-app/register-backoffice-app';
import { createContentCache } from './plugins/app/content/content-cache';
import { errorHandler, sendError } from './plugins/app/error-handler';
import { createFileStore } from './plugins/app/files/create-file-store';
import { createHeavyPool } from './plugins/app/heavy/heavy-pool';
import { createMailer } from './plugins/app/mail/create-mailer';
import { requestContext } from './plugins/app/request-context';
import { listenToSubmissions } from './plugins/app/review/case-opening';
import { type AppSurface, backofficeGuard } from './plugins/app/staff/backoffice-guard';
import { createSubmissionEvents } from './plugins/app/submissions/submission-events';
import { bodyParsers } from './plugins/external/body-parsers';
import { generalRateLimit } from './plugins/external/rate-limit';
import { security } from './plugins/external/security';
import { applicationRoutes } from './routes/application/index';
import { applicantStatusRoutes } from './routes/application/status';
import { applicationPdfRoutes } from './routes/application-pdf/index';
import { appointmentRoutes } from './routes/appointments/index';
import { areaRoutes } from './routes/area/index';
import { authRoutes } from './routes/auth/index';
import { backofficeApiRoutes } from './routes/backoffice/index';
import { bankRoutes } from './routes/bank/index';
import { companyRoutes } from './routes/companies/index';
import { contentRoutes } from './routes/content/index';
import { depositRoutes } from './routes/deposit/index';
import { devRoutes } from './routes/dev/index';
import { devMailRoutes } from './routes/dev/mail';
import { devStaffRoutes } from './routes/dev/staff-codes';
import { documentRoutes } from './routes/documents/index';
import { healthRoutes } from './routes/health';
import { identityMediaRoutes } from './routes/identity-media/index';
import { mailRoutes } from './routes/mail/index';
import { referenceRoutes } from './routes/reference/index';
import { riskDisclosureRoutes } from './routes/risk-disclosure/index';
import { signatureRoutes } from './routes/signature/index';
import { stepRoutes } from './routes/steps/index';
import { submissionRoutes } from './routes/submissions/index';
import { taxRoutes } from './routes/tax/index';

/** Log lines carry the path only: query strings may hold a token or a mobile. */
const serializers = {
  req(req: { method: string; url: string; id: string }) {
    return { method: req.method, path: req.url.split('?')[0], id: req.id };
  },
};

/**
 * Headers a plugin may log (at trace level @fastify/multipart logs its busboy options, request
 * headers included): the session token travels in `Authorization`.
 */
const REDACTED_LOG_PATHS = [
  'busboyOptions.headers',
  'headers.authorization',
  'headers["device-id"]',
  '*.headers.authorization',
  '*.headers["device-id"]',
];

/**
 * Fastify's own hop-count option trusts nothing since 5.12.8 (it cannot tell a proxy from a
 * client sending X-Forwarded-For itself), so a hop count is given as a function: the TCP peer
 * and the next `hops - 1` addresses from the right are proxies; the address before them is the
 * client. Only right when every request comes through those proxies (README, TRUST_PROXY).
 */
function trustProxyOption(trust: AppContext['config']['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * The whole app from its dependencies. Without `files`, the store FILE_STORE names is made from
 * the config and vault (what tests and tools that build the app directly get); without `heavy`,
 * a worker pool from the config, closed with the app.
 */
export async function buildApp(
  input: Omit<AppContext, 'files' | 'mailer' | 'heavy' | 'content' | 'submissions'> &
    Partial<Pick<AppContext, 'files' | 'mailer' | 'heavy'>>,
  opts: {
    logger?: FastifyServerOptions['logger'];
    /** Which listener this instance is (BACKOFFICE_PORT gives the back office its own; server.ts). */
    surface?: AppSurface;
  } = {},
) {
  // the later steps' field messages (kept off the login bundle) are the server's to translate too
  addErrorMessages(FLOW_ERROR_MESSAGES);
  // and the back office's (kept off every applicant's bundle)
  addErrorMessages(STAFF_ERROR_MESSAGES);
  const ctx: AppContext = {
    ...input,
    files: input.files ?? createFileStore(input.config.fileStore, input.vault),
    // the app's logger (built below) is used once a message is sent, after start-up
    mailer:
      input.mailer ??
      createMailer(input.config, { info: (msg) => app.log.info({ module: 'mail' }, msg) }, input.now),
    heavy: input.heavy ?? createHeavyPool(input.config.heavy),
    // one cache per app: the status page's content, getIpInfo's numbers and the notices' read it
    content: createContentCache(input),
    submissions: createSubmissionEvents(),
  };
  // who listens to a new submission, inside its transaction (decision 022): the review opens its case
  listenToSubmissions(ctx.submissions, ctx.vault);
  const app = Fastify({
    logger: opts.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 64 * 1024,
    // Errors the router answers before any hook (a path parameter over 100 characters, a path
    // that is not valid percent-encoding) get the envelope too, not Fastify's own JSON.
    frameworkErrors(error, request, reply) {
      request.lang = pickLanguage(request.headers['accept-language']);
      return sendError(request, reply, error.code === 'FST_ERR_BAD_URL' ? 'MALFORMED_REQUEST' : 'NOT_FOUND');
    },
    ...(opts.logger && typeof opts.logger === 'object'
      ? {
          logger: {
            ...opts.logger,
            serializers,
            redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
          },
        }
      : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('session', null);

  // the external bank-update page receives a posted form (docs/deposit.md)
  const bankUpdate = ctx.config.bankUpdateUrl;
  await app.register(security, {
    formOrigins: bankUpdate && !bankUpdate.startsWith('/') ? [new URL(bankUpdate).origin] : [],
  });
  await app.register(errorHandler);
  await app.register(bodyParsers);
  await app.register(requestContext, { signSecret: ctx.config.signSecret, now: () => ctx.now().getTime() });
  // before every route: the limit attaches itself to each route as it is added
  await app.register(generalRateLimit, ctx.config.rateLimit);
  // /backoffice on its own listener and networks only (BACKOFFICE_PORT, BACKOFFICE_ALLOW_NETWORKS)
  await app.register(backofficeGuard, {
    surface: opts.surface ?? 'all',
    allowNetworks: ctx.config.backoffice.allowNetworks,
  });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(referenceRoutes);
  await app.register(areaRoutes);
  await app.register(applicationRoutes);
  await app.register(applicantStatusRoutes);
  await app.register(documentRoutes);
  await app.register(stepRoutes);
  await app.register(mailRoutes);
  await app.register(taxRoutes);
  await app.register(companyRoutes);
  await app.register(bankRoutes);
  await app.register(appointmentRoutes);
  await app.register(applicationPdfRoutes);
  await app.register(riskDisclosureRoutes);
  await app.register(identityMediaRoutes);
  await app.register(submissionRoutes);
  await app.register(signatureRoutes);
  await app.register(depositRoutes);
  await app.register(contentRoutes);
  await app.register(backofficeApiRoutes, { prefix: STAFF_API_PREFIX });
  if (hasDevTools(ctx.config)) await app.register(devRoutes, { prefix: '/dev' });
  if (hasDevTools(ctx.config)) await app.register(devStaffRoutes, { prefix: '/dev' });
  if (hasMailDevTools(ctx.config)) await app.register(devMailRoutes, { prefix: '/dev' });
  if (!input.mailer) app.addHook('onClose', async () => ctx.mailer.close?.());
  if (!input.heavy) app.addHook('onClose', async () => ctx.heavy.close());

  await registerBackofficeApp(app, ctx.config.backofficeDistDir);
  await registerWebApp(app, ctx.config.webDistDir);
  return app;
}

/**
 * Serves the built web app; client routes (/userinfo/…) get index.html, and /login (and `/`, which is
 * /login when logged out) the login screen prerendered in the person's language when the build wrote
 * it (decision 029; `login.<lang>.html`, chosen by lib/login-page.ts). Everything lives in
 * one encapsulated plugin, and its routes (the file routes @fastify/static adds, which take no
 * route config, and the page fallback) are marked outside the signed API and the general request
 * limit by a hook of that plugin only: a route registered anywhere else, before or after, keeps
 * the sign check (issue #5 §4.9: exceptions are named, not implied by registration order).
 */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return;
  const prerendered = new Set(
    LANGUAGES.filter((lang) => existsSync(path.join(distDir, loginPageFile(lang)))),
  );
  await app.register(async function webApp(web) {
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, unsigned: true, unlimited: true };
    });
    await web.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // .br/.gz siblings written by the web build (apps/web/vite.config.ts)
      preCompressed: true,
      setHeaders: setBuiltAppCacheHeaders,
    });
    const apiPrefix = /^\/(v\d+|services|user|app|dev|healthz|backoffice|trade|content)(\/|$)/i;
    web.get('/*', (request, reply) => {
      // the decoded path too: `/%64ev/sms` is /dev/sms once decoded
      const decoded = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
      if (apiPrefix.test(request.url) || apiPrefix.test(decoded)) {
        return reply.callNotFound();
      }
      const file = request.url.split('?')[0]!.replace(/^\/+/, '');
      if (file && /\.[a-z0-9]+$/i.test(file)) return reply.callNotFound();
      reply.header('cache-control', 'no-cache');
      if (/^\/(login)?$/i.test(decoded)) {
        const lang = loginPageLanguage(request);
        if (prerendered.has(lang)) {
          // one address, three answers: a cache keeps them apart by what chose the language
          reply.header('vary', 'Accept-Language, Cookie');
          return reply.sendFile(loginPageFile(lang));
        }
      }
      return reply.sendFile('index.html');
    });
  });
}

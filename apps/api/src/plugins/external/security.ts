import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response. The CSP allows no inline script; inline style attributes
 * stay allowed because antd-mobile positions popups with them.
 */
export const security = fp(
  // `formOrigins`: other origins a page may post a form to (the external bank-update page of
  // BANK_UPDATE_URL, docs/deposit.md), beside this site
  async (app: FastifyInstance, opts: { formOrigins?: readonly string[] }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...(opts.formOrigins ?? [])],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    });
  },
  { name: 'security' },
);

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The helmet options of every response (the CSP, the referrer policy, HSTS…). */
function helmetOptions(formOrigins: readonly string[]): Readonly<HelmetOptions> {
  return {
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
        formAction: ["'self'", ...formOrigins],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
  };
}

/**
 * The headers helmet sets with these options, computed once: they depend on the options only (no
 * CSP nonces), so they are the same for every response. @fastify/helmet built helmet's middleware
 * again on every request (parsing the CSP directives each time), a tenth of /healthz's CPU time
 * (decision 027).
 */
export function securityHeaders(formOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(formOrigins))(
    {} as IncomingMessage,
    res as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return Object.freeze(headers);
}

/**
 * Security headers on every response. The CSP allows no inline script; inline style attributes
 * stay allowed because antd-mobile positions popups with them.
 */
export const security = fp(
  // `formOrigins`: other origins a page may post a form to (the external bank-update page of
  // BANK_UPDATE_URL, docs/deposit.md), beside this site
  async (app: FastifyInstance, opts: { formOrigins?: readonly string[] }) => {
    const headers = securityHeaders(opts.formOrigins ?? []);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security' },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/plugins/external/security';
import { createTestApp, type TestApp } from './helpers';

// What helmet sends with the app's options (decision 027: computed once, sent on every response)
const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';media-src 'self' blob:;object-src 'none';base-uri 'self';" +
  "form-action 'self';frame-ancestors 'none'";
const EXPECTED = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are helmet’s for the app’s options, computed once', () => {
    expect(securityHeaders()).toEqual(EXPECTED);
    // the bank-update page's origin may receive a posted form
    expect(securityHeaders(['https://bank.example'])['content-security-policy']).toContain(
      "form-action 'self' https://bank.example;",
    );
  });

  it('are on every kind of response: a bare route, a refused API call, an unknown path', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'POST', url: '/v9/OpenAccountHk/status', payload: { token: 'x' } }),
      await t.app.inject({ method: 'GET', url: '/v9/no-such-call' }),
    ];
    for (const res of answers) {
      for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers[name], name).toBe(value);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404]);
  });
});

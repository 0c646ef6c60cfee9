import { expect, test } from './support';

// The harness itself: the real server, its headers, the client routing and the dev routes the
// journeys rely on. Journeys of the product live in their own spec files.

test('/healthz answers 200 once the database is ready', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 0 });
});

test('the app shell is served with the security headers', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(await response.text()).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);

  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp).toMatch(/frame-ancestors '(none|self)'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
});

test('scripts are sent precompressed to clients that accept it, and cached for good', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const br = await request.get(entry!, { headers: { 'accept-encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['cache-control']).toContain('immutable');
  const plain = await request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await br.body()).equals(await plain.body())).toBe(true);
});

test('an unknown path ends on /login', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto('/no-such-page/at-all');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  expect(errors).toEqual([]);
});

test('the dev routes exist outside production', async ({ request }) => {
  const sms = await request.get('/dev/sms?mobile=51234567');
  expect(sms.status()).toBe(200);
  const body = await sms.json();
  expect(body).toMatchObject({ status: 0 });
  expect(Array.isArray(body.data)).toBe(true);
});

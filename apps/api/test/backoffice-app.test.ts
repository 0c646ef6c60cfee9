import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createVault } from '../src/lib/crypto';
import { RecordingSms, TEST_SIGN_SECRET } from './helpers';

// The staff console's build under /backoffice/ (issue #14): its own page and files, deep links
// answered with its page, nothing of the applicant's app served there and nothing of its served
// at the root; /backoffice/api never answered with a page.
describe('the staff console is served under /backoffice/', () => {
  let dir: string;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hk-backoffice-app-'));
    const web = path.join(dir, 'web');
    const backoffice = path.join(dir, 'backoffice');
    for (const [dist, name] of [
      [web, 'applicant'],
      [backoffice, 'console'],
    ] as const) {
      mkdirSync(path.join(dist, 'assets'), { recursive: true });
      writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>${name}</title>`);
      writeFileSync(path.join(dist, 'assets', `${name}-1234.js`), `console.log('${name}')`);
    }
    const config = {
      ...loadConfig({ DATA_DIR: dir, SIGN_SECRET: TEST_SIGN_SECRET, NODE_ENV: 'test' }),
      webDistDir: web,
      backofficeDistDir: backoffice,
    };
    database = await openDatabase({});
    app = await buildApp({
      config,
      db: database.db,
      vault: createVault(config.dataKey),
      sms: new RecordingSms(),
      now: () => new Date(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/backoffice/',
    '/backoffice',
    '/backoffice/sign-in',
    '/backoffice/review-queue?page=2',
    '/BackOffice/staff',
  ])('%s → the console page, not cached', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>console</title>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves its hashed assets with a year of cache, and 404 for a missing one', async () => {
    const res = await app.inject({ method: 'GET', url: '/backoffice/assets/console-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("console.log('console')");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/backoffice/assets/gone-9999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 1007, data: null });
  });

  it("shares no file with the applicant's app, either way", async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/backoffice/assets/applicant-1234.js' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/console-1234.js' })).statusCode).toBe(404);
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('<title>applicant</title>');
  });

  it.each(['/backoffice/api/no-such-call', '/backoffice/api', '/backoffice/%61pi/no-such-call'])(
    '%s → the 404 envelope, never the page',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 1007, data: null });
    },
  );

  it('needs no applicant request sign for its page and files', async () => {
    // the applicant API's `_t`/`_sign` would answer 1004 if it applied here
    const res = await app.inject({ method: 'GET', url: '/backoffice/review-queue' });
    expect(res.statusCode).toBe(200);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// Decision 029: /login (and `/`) is sent prerendered in the person's language, chosen by the
// `language`/`lang` query, then the stored choice (the `hk_lang` cookie), then Accept-Language, else
// zh-CN; every other page is index.html. A web build of its own here: the page's language is its body.
describe('/login, prerendered per language', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hk-login-pages-'));
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>index</title>');
    for (const lang of ['zh-CN', 'zh-HK', 'en'])
      writeFileSync(path.join(dir, `login.${lang}.html`), `<!doctype html><title>login ${lang}</title>`);
    t = await createTestApp('pglite', { webDistDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    return /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
  };

  it.each([
    ['/login?language=en', {}, 'login en'],
    ['/login?language=zh-TW', { 'accept-language': 'en' }, 'login zh-HK'],
    ['/login?lang=hk', { cookie: 'hk_lang=en' }, 'login zh-HK'],
    ['/login?language=zh-cn', { cookie: 'hk_lang=en', 'accept-language': 'en' }, 'login zh-CN'],
    ['/login', { cookie: 'a=1; hk_lang=zh-HK; b=2', 'accept-language': 'en' }, 'login zh-HK'],
    ['/login', { cookie: 'hk_lang=fr', 'accept-language': 'en-GB,en;q=0.9' }, 'login en'],
    ['/login', { 'accept-language': 'zh-Hant-HK,zh;q=0.8' }, 'login zh-HK'],
    ['/login', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'login zh-CN'],
    ['/login', {}, 'login zh-CN'],
    ['/', { 'accept-language': 'en' }, 'login en'],
    ['/?language=zh-HK', {}, 'login zh-HK'],
    ['/Login?language=en', {}, 'login en'],
  ])('%s %j → %s', async (url, headers, title) => {
    expect(await page(url, headers)).toBe(title);
  });

  it('names what chose the language for caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'en' } });
    expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    expect(String(res.headers.vary)).toMatch(/Cookie/);
  });

  it.each(['/usercenter', '/userinfo/id', '/login/extra', '/accountType?language=en'])(
    '%s → index.html',
    async (url) => {
      expect(await page(url, { 'accept-language': 'en' })).toBe('index');
    },
  );

  it('a build without the prerendered pages sends index.html for /login', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'hk-login-bare-'));
    writeFileSync(path.join(bare, 'index.html'), '<!doctype html><title>index</title>');
    const other = await createTestApp('pglite', { webDistDir: bare });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/login?language=en' });
      expect(res.body).toContain('<title>index</title>');
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

// The build's /login, prerendered per language (issue #24, decision 029, apps/web/prerender-login.ts):
// each `dist/login.<lang>.html` carries the form in that language, its texts read from the locale
// files (a raw key, a missing text or another language's fails), its `lang` and title, and
// modulepreload links that name files of the build: the entry and the language's own `common` and
// `login` catalogues. Reads apps/web/dist as built; builds the web app first when it has no such page
// (as on a fresh clone, where `npm test` runs this before its build step).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const LANGS = ['zh-CN', 'zh-HK', 'en'] as const;
type Lang = (typeof LANGS)[number];

const catalogue = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(path.join(root, 'apps/web/src/locales', lang, `${ns}.json`), 'utf8')) as Record<
    string,
    string
  >;
// React escapes text this way in the markup
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const page = (lang: Lang) => readFileSync(path.join(dist, `login.${lang}.html`), 'utf8');
const rootOf = (text: string) =>
  /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<!-- issue #16/.exec(text)?.[1] ?? '';

// the form as the first render draws it: heading, labels, placeholders, buttons, the legal texts
const SHOWN = ['title', 'mobile_label', 'sms_code_label', 'sms_get', 'submit', 'agreement_prefix'];
const SHOWN_AS_ATTRIBUTE = ['mobile_placeholder', 'sms_code_placeholder', 'agreement_checkbox'];

describe('the build’s prerendered /login', () => {
  beforeAll(() => {
    if (LANGS.every((lang) => existsSync(path.join(dist, `login.${lang}.html`)))) return;
    const build = spawnSync('npm', ['run', 'build', '-w', '@hk/web'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  }, 170_000);

  describe.each(LANGS)('%s', (lang) => {
    const login = catalogue(lang, 'login');
    const common = catalogue(lang, 'common');

    it('is the page in that language: lang, title, the marker the app hydrates by', () => {
      const text = page(lang);
      expect(text).toContain(`<html lang="${lang}">`);
      expect(text).toContain(`<title>${html(common.broker_name!)}</title>`);
      expect(text).toContain(`<div id="root" data-prerendered="${lang}">`);
      expect(text).not.toContain('boot-splash');
    });

    it('carries the form’s texts from the locale files, not a key or another language', () => {
      const markup = rootOf(page(lang));
      expect(markup).toContain('<form class="login-form"');
      for (const key of SHOWN) {
        expect(markup, key).toContain(`>${html(login[key]!)}<`);
        expect(markup, key).not.toContain(`>${key}<`);
      }
      for (const key of SHOWN_AS_ATTRIBUTE) expect(markup, key).toContain(`="${html(login[key]!)}"`);
      expect(markup).toContain(`>${html(common.broker_name!)}<`);
      for (const other of LANGS.filter((l) => l !== lang)) {
        const theirs = catalogue(other, 'login');
        for (const key of SHOWN)
          if (theirs[key] !== login[key])
            expect(markup, `${other} ${key}`).not.toContain(`>${html(theirs[key]!)}<`);
      }
    });

    it('preloads the entry and its own two catalogues, files of the build; links the CSS', () => {
      const text = page(lang);
      const preloads = [...text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g)].map(
        (m) => m[1]!,
      );
      for (const href of preloads) expect(existsSync(path.join(dist, href)), href).toBe(true);
      const entry = /<script type="module"[^>]* src="([^"]+)">/.exec(text)?.[1];
      expect(entry && preloads).toContain(entry);
      const body = (href: string) => readFileSync(path.join(dist, href), 'utf8');
      // each catalogue's chunk holds texts of that language only (the mobile label, the broker's name)
      expect(
        preloads.filter(
          (href) => /\/login-[\w-]+\.js$/.test(href) && body(href).includes(login.mobile_label!),
        ),
      ).toHaveLength(1);
      expect(
        preloads.filter((href) => /\/common-[\w-]+\.js$/.test(href) && body(href).includes(common.slogan!)),
      ).toHaveLength(1);
      const css = [...text.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
      expect(css.length).toBeGreaterThan(0);
      for (const href of css) {
        expect(existsSync(path.join(dist, href)), href).toBe(true);
        expect(body(href)).toContain('.login-form');
      }
    });
  });
});

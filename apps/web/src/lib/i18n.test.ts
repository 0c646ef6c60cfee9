// The app's translator (decision 026) reads every catalogue as i18next does: /login uses it before
// i18next has loaded, every other screen after, and a person must read the same words either way.
import { ERROR_MESSAGES, LANGUAGES } from '@hk/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from './api-client';
import { fixedT, hasNamespace, i18n, loadNamespaces } from './i18n';

(globalThis as { __SIGN_SECRET__?: string }).__SIGN_SECRET__ = 'test-secret';

const files = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json', { eager: true });
const NAMESPACES = [
  ...new Set(Object.keys(files).map((f) => /locales\/[^/]+\/([^/]+)\.json$/.exec(f)![1]!)),
  'errors',
];

async function reference() {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const lang of LANGUAGES) resources[lang] = { errors: ERROR_MESSAGES[lang] };
  for (const [file, mod] of Object.entries(files)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    resources[lang!]![ns!] = mod.default;
  }
  const engine = i18next.createInstance();
  await engine.init({
    resources,
    lng: 'zh-CN',
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return { engine, resources };
}

describe('the translator without i18next', () => {
  it('gives what i18next gives for every key of every catalogue, in every language', async () => {
    const { engine, resources } = await reference();
    let compared = 0;
    for (const lang of LANGUAGES) {
      await loadNamespaces(NAMESPACES, lang);
      for (const ns of NAMESPACES) {
        expect(hasNamespace(ns, lang), `${lang}/${ns}`).toBe(true);
        const t = fixedT(lang, [ns, 'common']);
        const expected = engine.getFixedT(lang, [ns, 'common']);
        for (const [key, text] of Object.entries(resources[lang]![ns]!)) {
          const bare = key.replace(/_(one|other)$/, '');
          const values = Object.fromEntries(
            [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => [m[1], `<${m[1]}>`]),
          );
          for (const options of [undefined, values, { ...values, count: 1 }, { ...values, count: 5 }]) {
            expect(t(bare, options), `${lang} ${ns}:${bare}`).toBe(expected(bare, options));
            compared++;
          }
          // another namespace named in the key, and in the options
          expect(fixedT(lang, ['common'])(`${ns}:${bare}`, values)).toBe(expected(`${ns}:${bare}`, values));
          expect(fixedT(lang, ['common'])(bare, { ...values, ns })).toBe(expected(bare, { ...values, ns }));
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('answers a missing key with the key, and `exists` as i18next does', async () => {
    const { engine } = await reference();
    await loadNamespaces(['login', 'errors'], 'en');
    const t = fixedT('en', ['login']);
    const expected = engine.getFixedT('en', ['login']);
    for (const key of ['no_such_key', 'errors:no_such_key', 'A message from the server.']) {
      expect(t(key)).toBe(expected(key));
    }
    await i18n.changeLanguage('en');
    expect(i18n.exists('errors:network_error')).toBe(true);
    expect(i18n.exists('errors:no_such_key')).toBe(false);
    expect(i18n.exists('network_error', { ns: 'errors' })).toBe(true);
    expect(document.documentElement.lang).toBe('en');
  });

  it('has the network error of the `errors` catalogue for when it cannot load (offline)', () => {
    for (const lang of LANGUAGES)
      expect(NETWORK_ERROR_MESSAGE[lang]).toBe(ERROR_MESSAGES[lang].network_error);
  });
});

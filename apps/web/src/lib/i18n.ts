import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from '@hk/domain';
import zhCNErrors from '@hk/domain/locales/zh-CN/errors.json';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from './storage';

// One catalogue per language per namespace (src/locales/<lang>/<ns>.json). `common` and `login` of
// the default language ship with the first page; other languages (fetched before the first render,
// the app waits under Suspense) and other namespaces load when needed: the login page's JS budget.
const eager = import.meta.glob<{ default: Record<string, string> }>('../locales/zh-CN/{common,login}.json', {
  eager: true,
});
// (the eager ones are not listed again: each entry is a line of the first chunk)
const lazy = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*/*.json',
  '!../locales/zh-CN/{common,login}.json',
]);
// The server's messages (`errors`, packages/domain/src/locales): the default language's ship with
// the first page, the others load with their language (not the three catalogues up front).
const lazyErrors: Record<string, () => Promise<{ default: Record<string, string> }>> = {
  'zh-HK': () => import('@hk/domain/locales/zh-HK/errors.json'),
  en: () => import('@hk/domain/locales/en/errors.json'),
};

/** `hk_lang`: a generic stored value, so it carries an expiry like every other (spec §3, 7200 s). */
export const LANG_STORE_KEY = 'lang';

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/** The language chosen on the login page, while its stored value lives. */
export function storedLanguage(): Language | null {
  const saved = readStored<string>(LANG_STORE_KEY);
  if (isLanguage(saved)) return saved;
  try {
    // kept raw (no expiry) before issue #17: honoured once, then stored the spec's way
    const raw = localStorage.getItem(`hk_${LANG_STORE_KEY}`);
    if (isLanguage(raw)) {
      writeStored(LANG_STORE_KEY, raw);
      return raw;
    }
  } catch {}
  return null;
}

function initialLanguage(): Language {
  const query = new URLSearchParams(window.location.search);
  // spec §1 `language`; the host's `lang` (spec §7, also sent as a header) when it is alone
  const q = query.get('language') || query.get('lang');
  if (q) return pickLanguage(q);
  return storedLanguage() ?? pickLanguage(navigator.languages?.join(',') || navigator.language);
}

export function currentLanguage(): Language {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : DEFAULT_LANGUAGE;
}

export async function setLanguage(lang: Language) {
  writeStored(LANG_STORE_KEY, lang);
  await i18n.changeLanguage(lang);
}

export function initI18n() {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const [file, mod] of Object.entries(eager)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    resources[lang!] ??= {};
    resources[lang!]![ns!] = mod.default;
  }
  resources[DEFAULT_LANGUAGE] ??= {};
  resources[DEFAULT_LANGUAGE]!.errors = zhCNErrors;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(initReactI18next)
    .use(
      resourcesToBackend((lang: string, ns: string) =>
        ns === 'errors' ? lazyErrors[lang]!() : lazy[`../locales/${lang}/${ns}.json`]!(),
      ),
    )
    .init({
      resources,
      partialBundledLanguages: true,
      lng: initialLanguage(),
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['common', 'login', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}

export { i18n };

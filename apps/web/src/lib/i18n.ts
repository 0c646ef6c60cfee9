import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from '@hk/domain';
import zhCNErrors from '@hk/domain/locales/zh-CN/errors.json';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

// One catalogue per language per namespace (src/locales/<lang>/<ns>.json). `common` and `login` of
// the default language ship with the first page; other languages (fetched before the first render,
// the app waits under Suspense) and other namespaces load when needed: the login page's JS budget.
const eager = import.meta.glob<{ default: Record<string, string> }>('../locales/zh-CN/{common,login}.json', {
  eager: true,
});
const lazy = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json');
// The server's messages (`errors`, packages/domain/src/locales): the default language's ship with
// the first page, the others load with their language (not the three catalogues up front).
const lazyErrors: Record<string, () => Promise<{ default: Record<string, string> }>> = {
  'zh-HK': () => import('@hk/domain/locales/zh-HK/errors.json'),
  en: () => import('@hk/domain/locales/en/errors.json'),
};

const LANG_KEY = 'hk_lang';

function initialLanguage(): Language {
  const q = new URLSearchParams(window.location.search).get('language');
  if (q) return pickLanguage(q);
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  } catch {}
  return pickLanguage(navigator.languages?.join(',') || navigator.language);
}

export function currentLanguage(): Language {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : DEFAULT_LANGUAGE;
}

export async function setLanguage(lang: Language) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {}
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

import enReview from '@hk/domain/locales/en/review.json';
import zhCNReview from '@hk/domain/locales/zh-CN/review.json';
import zhHKReview from '@hk/domain/locales/zh-HK/review.json';
import { STAFF_LANGUAGES } from '@hk/domain/staff/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export type ConsoleLanguage = (typeof STAFF_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: ConsoleLanguage = 'zh-CN';

// One catalogue per language per namespace (src/locales/<lang>/<ns>.json). The console's catalogues
// are a few kilobytes in all, so every language ships with the first load: a switch never waits.
const catalogues = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json', {
  eager: true,
});

/**
 * The domain's review texts (revision and decline reasons, flags), namespace `review`: the same
 * catalogue the applicant reads a returned step's reason from and the API renders with, kept once.
 */
export const DOMAIN_REVIEW_CATALOGUES = {
  'zh-CN': zhCNReview,
  'zh-HK': zhHKReview,
  en: enReview,
} satisfies Record<ConsoleLanguage, Record<string, string>>;

/**
 * The language picked on this device. Its own key: the applicant's app (same origin) keeps its
 * choice under `hk_lang`, and the two apps share nothing.
 */
const LANG_STORE_KEY = 'hk_backoffice_lang';

export function checkIsConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return (STAFF_LANGUAGES as readonly unknown[]).includes(value);
}

/** The browser's languages read as one of ours: zh-TW/zh-MO/zh-Hant read as zh-HK, other zh as zh-CN. */
export function pickConsoleLanguage(preferred: readonly string[]): ConsoleLanguage {
  for (const raw of preferred) {
    const tag = raw.toLowerCase();
    if (/^zh-(hk|tw|mo)|^zh-hant/.test(tag)) return 'zh-HK';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): ConsoleLanguage | null {
  try {
    const saved = localStorage.getItem(LANG_STORE_KEY);
    return checkIsConsoleLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function currentLanguage(): ConsoleLanguage {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return checkIsConsoleLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** A choice made on this device: kept, and it wins over the staff account's own language. */
export async function chooseLanguage(lang: ConsoleLanguage) {
  try {
    localStorage.setItem(LANG_STORE_KEY, lang);
  } catch {}
  await i18n.changeLanguage(lang);
}

/** The signed-in account's language, unless someone chose one on this device. */
export async function applyAccountLanguage(lang: ConsoleLanguage) {
  if (!readStoredLanguage() && lang !== currentLanguage()) await i18n.changeLanguage(lang);
}

export function initI18n(
  lng: ConsoleLanguage = readStoredLanguage() ?? pickConsoleLanguage(navigator.languages ?? []),
) {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const [file, mod] of Object.entries(catalogues)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    resources[lang!] ??= {};
    resources[lang!]![ns!] = mod.default;
  }
  for (const lang of STAFF_LANGUAGES) {
    resources[lang] ??= {};
    resources[lang]!.review = DOMAIN_REVIEW_CATALOGUES[lang];
  }
  const setHtmlLang = (l: string) => {
    document.documentElement.lang = l;
  };
  i18n.on('languageChanged', setHtmlLang);
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    supportedLngs: [...STAFF_LANGUAGES],
    ns: ['common', 'sign_in', 'cases', 'review', 'audit', 'deposits'],
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  setHtmlLang(lng);
  return i18n;
}

export { i18n };

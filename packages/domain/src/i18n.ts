import { DEFAULT_LANGUAGE, type Language } from './constants';
import en from './locales/en/errors.json';
import zhCN from './locales/zh-CN/errors.json';
import zhHK from './locales/zh-HK/errors.json';

/** The `errors` namespace, shared by the server (envelope `info`) and the web client (field errors). */
// No spreads here: a bundler keeps an object spread (it may run getters), and with it all three
// catalogues in the login page; `addErrorMessages` replaces the entries, never mutates the JSON.
export const ERROR_MESSAGES: Record<Language, Record<string, string>> = {
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  en,
};

/** Adds messages loaded apart (flow/messages.ts) to the `errors` catalogue; existing keys win. */
export function addErrorMessages(extra: Record<Language, Record<string, string>>): void {
  for (const lang of Object.keys(ERROR_MESSAGES) as Language[])
    ERROR_MESSAGES[lang] = { ...extra[lang], ...ERROR_MESSAGES[lang] };
}

/**
 * spec §1: Traditional Chinese when the parameter or browser says Hant, TW or HK; English for en;
 * otherwise the default, Simplified Chinese. Accepts an Accept-Language list: the most preferred
 * known language wins (q values honoured, q=0 skipped, written order between equal q values).
 */
export function pickLanguage(input: string | null | undefined): Language {
  if (!input) return DEFAULT_LANGUAGE;
  const ranked = input
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

const TRADITIONAL_SUBTAGS = new Set(['hant', 'tw', 'hk', 'mo']);

function languageOfTag(tag: string): Language | undefined {
  const [primary = '', ...subtags] = tag.split(/[-_]/);
  if (primary === 'en') return 'en';
  // a bare language parameter such as `hk`, `tw` or `hant`
  if (subtags.length === 0 && TRADITIONAL_SUBTAGS.has(primary)) return 'zh-HK';
  if (primary !== 'zh' && primary !== 'yue') return undefined;
  // an explicit script wins over the region: zh-Hans-HK is Simplified, zh-Hant-CN Traditional
  if (subtags.includes('hans')) return 'zh-CN';
  if (subtags.some((s) => TRADITIONAL_SUBTAGS.has(s))) return 'zh-HK';
  return primary === 'yue' ? 'zh-HK' : 'zh-CN';
}

export function translateError(lang: Language, key: string): string {
  return ERROR_MESSAGES[lang][key] ?? ERROR_MESSAGES[DEFAULT_LANGUAGE][key] ?? key;
}

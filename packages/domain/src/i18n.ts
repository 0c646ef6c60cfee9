import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';
import en from './locales/en/errors.json';
import zhCN from './locales/zh-CN/errors.json';
import zhHK from './locales/zh-HK/errors.json';

/** The `errors` namespace, shared by the server (envelope `info`) and the web client (field errors). */
export const ERROR_MESSAGES: Record<Language, Record<string, string>> = { 'zh-CN': zhCN, 'zh-HK': zhHK, en };

/**
 * spec §1: Traditional Chinese when the parameter or browser says Hant, TW or HK; English for en;
 * otherwise the default, Simplified Chinese. Accepts an Accept-Language list.
 */
export function pickLanguage(input: string | null | undefined): Language {
  if (!input) return DEFAULT_LANGUAGE;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (!tag) continue;
    if ((LANGUAGES as readonly string[]).includes(tag))
      return LANGUAGES.find((l) => l.toLowerCase() === tag)!;
    if (/hant|[-_]tw|[-_]hk|[-_]mo/.test(tag)) return 'zh-HK';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

export function translateError(lang: Language, key: string): string {
  return ERROR_MESSAGES[lang][key] ?? ERROR_MESSAGES[DEFAULT_LANGUAGE][key] ?? key;
}

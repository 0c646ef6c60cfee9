import type { Language } from '@hk/domain';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { currentLanguage, onLanguageChanged } from './i18n';

// antd-mobile's own words (the mask's accessible name, picker buttons) follow the app's language.
// Loaded with the first overlay, never with the first page.
const LOCALES = {
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-HK': () => import('antd-mobile/es/locales/zh-HK'),
  en: () => import('antd-mobile/es/locales/en-US'),
} satisfies Record<Language, () => Promise<{ default: unknown }>>;

async function apply(lang: Language) {
  const { default: locale } = await LOCALES[lang]();
  setDefaultConfig({ locale });
}

let ready: Promise<void> | null = null;

/** Sets antd-mobile's locale to the current language, and keeps it in step from then on. */
export function syncAntdLocale(): Promise<void> {
  if (!ready) {
    ready = apply(currentLanguage());
    onLanguageChanged((lang) => void apply(lang));
  }
  return ready;
}

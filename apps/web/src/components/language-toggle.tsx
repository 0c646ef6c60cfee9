import { LANGUAGES, type Language } from '@hk/domain';
import { currentLanguage, setLanguage, useTranslation } from '../lib/i18n';

// Each language is named in itself, so a person who cannot read the current one finds theirs.
const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'zh-HK': '繁體中文', en: 'English' };

/** spec §1: the login page's 'switch to simplified / switch to traditional', plus English. */
export function LanguageToggle() {
  const { t } = useTranslation('common');
  const current = currentLanguage();
  return (
    <nav className="language-toggle" aria-label={t('language')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === current}
          className={lang === current ? 'is-current' : undefined}
          onClick={() => void setLanguage(lang)}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </nav>
  );
}

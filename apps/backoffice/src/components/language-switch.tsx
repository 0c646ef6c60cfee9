import { STAFF_LANGUAGES } from '@hk/domain/staff/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ConsoleLanguage, chooseLanguage, currentLanguage } from '../lib/i18n';

/** Each language named in itself, so it can be found by someone who cannot read the current one. */
const LANGUAGE_NAMES = {
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
  en: 'English',
} satisfies Record<ConsoleLanguage, string>;

export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const current = currentLanguage();
  return (
    <Space.Compact role="group" aria-label={t('language')}>
      {STAFF_LANGUAGES.map((lang) => (
        <Button
          key={lang}
          lang={lang}
          size="small"
          type={lang === current ? 'primary' : 'default'}
          aria-pressed={lang === current}
          onClick={() => void chooseLanguage(lang)}
        >
          {LANGUAGE_NAMES[lang]}
        </Button>
      ))}
    </Space.Compact>
  );
}

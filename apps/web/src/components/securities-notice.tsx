import { useTranslation } from '../lib/i18n';

/** spec §1: footers state that securities services are provided by the securities firm. */
export function SecuritiesNotice() {
  const { t } = useTranslation('common');
  return <p className="securities-notice">{t('securities_notice')}</p>;
}

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

export function NotAllowedPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageTitle>{t('not_allowed_title')}</PageTitle>
      <Typography.Paragraph>{t('not_allowed_text')}</Typography.Paragraph>
    </>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageTitle>{t('not_found_title')}</PageTitle>
      <Typography.Paragraph>{t('not_found_text')}</Typography.Paragraph>
    </>
  );
}

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/**
 * A page whose work arrives with the next part of issue #14 (the queue, staff management, the
 * audit views). It says so plainly and shows no made-up rows.
 */
export function ComingLaterPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Typography.Paragraph>{t('coming_later')}</Typography.Paragraph>
    </>
  );
}

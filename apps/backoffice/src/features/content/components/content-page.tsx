import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { BannerPanel } from './banner-panel';
import { IpoPanel } from './ipo-panel';
import { ServicePanel } from './service-panel';

/** /content (content.edit, issue #15): what the applicant's status page shows. */
export function ContentPage() {
  const { t } = useTranslation(['content', 'common']);
  return (
    <>
      <PageTitle>{t('common:page_content')}</PageTitle>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Tabs
        items={[
          { key: 'ipos', label: t('tab_ipos'), children: <IpoPanel /> },
          { key: 'banners', label: t('tab_banners'), children: <BannerPanel /> },
          { key: 'service', label: t('tab_service'), children: <ServicePanel /> },
        ]}
      />
    </>
  );
}

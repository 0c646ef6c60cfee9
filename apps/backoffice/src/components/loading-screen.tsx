import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <div role="status" style={{ display: 'grid', placeItems: 'center', minHeight: '100%' }}>
      <Spin size="large" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

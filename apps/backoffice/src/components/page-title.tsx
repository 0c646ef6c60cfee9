import { Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_TITLE_ID = 'page-title';

/** The page's one h1, also the document's title; the shell moves the focus to it on navigation. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = `${children} · ${t('app_name')}`;
  }, [children, t]);
  return (
    <Typography.Title
      level={1}
      id={PAGE_TITLE_ID}
      className="page-title"
      tabIndex={-1}
      style={{ fontSize: 24 }}
    >
      {children}
    </Typography.Title>
  );
}

import { checkHasPermission } from '@hk/domain/staff/roles';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { MENU_ROUTES, ROUTES } from '../../../lib/routes';
import { useStaffSession } from '../../../lib/session';

/** What the signed-in person can open, by their roles' permissions. */
export function HomePage() {
  const { t } = useTranslation('common');
  const { staff } = useStaffSession();
  const pages = MENU_ROUTES.map((name) => ROUTES[name]).filter(
    (route) => 'permission' in route && checkHasPermission(staff.roles, route.permission),
  );
  return (
    <>
      <PageTitle>{t('home_welcome', { name: staff.displayName })}</PageTitle>
      {pages.length === 0 ? (
        <Typography.Paragraph>{t('home_nothing_yet')}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>{t('home_intro')}</Typography.Paragraph>
          <ul className="home-links">
            {pages.map((route) => (
              <li key={route.path}>
                <Link to={route.path}>{t(route.titleKey)}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

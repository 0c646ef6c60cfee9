import { checkHasPermission } from '@hk/domain/staff/roles';
import { Button, Drawer, Layout, Menu, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { PAGE_TITLE_ID } from '../components/page-title';
import { StaffApiError } from '../lib/api';
import { MENU_ROUTES, ROUTES } from '../lib/routes';
import { useSession, useStaffSession } from '../lib/session';

/** The signed-in console: the side menu (only what the person's roles allow), who is signed in, sign-out. */
export function ShellLayout() {
  const { t } = useTranslation('common');
  const { staff } = useStaffSession();
  const { signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [isSigningOut, setIsSigningOut] = useState(false);

  // after a navigation inside the console, the focus goes to the new page's title (a screen reader
  // reads where it landed); not on the first page, where the browser's own start is right
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById(PAGE_TITLE_ID)?.focus();
  }, [location.pathname]);

  const items = MENU_ROUTES.map((name) => ROUTES[name])
    .filter((route) => !('permission' in route) || checkHasPermission(staff.roles, route.permission))
    .map((route) => ({ key: route.path, label: t(route.titleKey) }));
  // a case's page belongs to the queue in the menu
  const selectedKey = location.pathname.startsWith('/cases/') ? ROUTES.reviewQueue.path : location.pathname;
  // narrow windows and zoom (WCAG 1.4.10): under 768 CSS px the side menu is hidden by CSS and the
  // header's menu button opens the same menu in a drawer, so nothing needs scrolling sideways
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const menu = (
    <nav aria-label={t('menu_label')}>
      <Menu
        mode="inline"
        selectedKeys={[selectedKey]}
        items={items}
        onClick={({ key }) => {
          setIsDrawerOpen(false);
          navigate(key);
        }}
      />
    </nav>
  );

  const onSignOut = async () => {
    setSignOutError(null);
    setIsSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      setSignOutError(error instanceof StaffApiError ? error.message : t('sign_out_failed'));
      setIsSigningOut(false);
    }
  };

  return (
    <Layout className="shell-layout" style={{ minHeight: '100%' }}>
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <Layout.Sider theme="light" width={220} className="shell-sider">
        <p className="shell-brand">{t('app_name')}</p>
        {menu}
      </Layout.Sider>
      <Drawer
        open={isDrawerOpen}
        onClose={() => setIsDrawerOpen(false)}
        placement="left"
        size={260}
        title={t('app_name')}
        className="shell-drawer"
        closable={{ 'aria-label': t('menu_close') }}
      >
        {isDrawerOpen && menu}
      </Drawer>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header className="shell-header">
          <Button
            className="shell-menu-button"
            aria-expanded={isDrawerOpen}
            onClick={() => setIsDrawerOpen(true)}
          >
            {t('menu_open')}
          </Button>
          <Space wrap size={[8, 4]}>
            <Typography.Text strong>{staff.displayName}</Typography.Text>
            <span className="visually-hidden">{t('roles_label')}</span>
            {staff.roles.map((role) => (
              <Tag key={role} style={{ marginInlineEnd: 0 }}>
                {t(`role_${role}`)}
              </Tag>
            ))}
          </Space>
          <Space wrap size={[12, 4]}>
            <LanguageSwitch />
            <Button onClick={() => void onSignOut()} loading={isSigningOut}>
              {t('sign_out')}
            </Button>
          </Space>
          {signOutError && (
            <Typography.Text role="alert" type="danger" style={{ flexBasis: '100%', paddingBottom: 8 }}>
              {signOutError}
            </Typography.Text>
          )}
        </Layout.Header>
        <Layout.Content id="main" className="shell-content" tabIndex={-1}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

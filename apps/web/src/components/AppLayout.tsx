import type { User } from '@pfahlplaner/contracts';
import { Button, Grid, Layout, Menu } from 'antd';
import { AppDrawer } from './AppDrawer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LicenceBanner } from '../features/team/LicenceBanner';
import { DecimalSwitch } from './DecimalSwitch';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

type AppLayoutProps = { user: User | undefined; onSignOut: () => void };

const MenuIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
    <path
      d="M2 4h14M2 9h14M2 14h14"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </svg>
);

/** Shell of the signed-in pages: header with navigation and switches; a drawer below 992 px. */
export const AppLayout = ({ user, onSignOut }: AppLayoutProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isDesktop = Grid.useBreakpoint().lg ?? false;
  const [drawerOpen, setDrawerOpen] = useState(false);

  const navItems = [
    { key: '/projects', label: t('nav.projects') },
    { key: '/account', label: t('nav.account') },
  ];
  const selected = navItems.filter((item) => pathname.startsWith(item.key)).map((item) => item.key);
  const go = (key: string) => {
    setDrawerOpen(false);
    void navigate(key);
  };

  return (
    <Layout className="pp-app">
      <Layout.Header className="pp-header">
        <Logo to="/projects" />
        {isDesktop ? (
          <>
            <Menu
              theme="dark"
              mode="horizontal"
              className="pp-header__nav"
              selectedKeys={selected}
              items={navItems.filter((item) => item.key !== '/account')}
              onClick={({ key }) => go(key)}
              aria-label={t('nav.menu')}
            />
            <div className="pp-header__tools">
              <DecimalSwitch dark />
              <LanguageSwitch dark />
              <span className="pp-header__divider" />
              <UserMenu user={user} onSignOut={onSignOut} />
            </div>
          </>
        ) : (
          <div className="pp-header__tools">
            <LanguageSwitch dark />
            <Button
              type="text"
              className="pp-header__burger"
              aria-label={t('nav.openMenu')}
              data-testid="mobile-menu"
              icon={<MenuIcon />}
              onClick={() => setDrawerOpen(true)}
            />
          </div>
        )}
      </Layout.Header>
      {!isDesktop && (
        <AppDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={user?.full_name ?? t('nav.menu')}
          size={300}
        >
          <Menu
            mode="inline"
            className="pp-drawer-menu"
            selectedKeys={selected}
            items={navItems}
            onClick={({ key }) => go(key)}
          />
          <div className="pp-drawer__section">
            <div className="pp-drawer__label">{t('nav.decimalSeparator')}</div>
            <DecimalSwitch />
          </div>
          <Button block danger onClick={onSignOut}>
            {t('nav.signOut')}
          </Button>
        </AppDrawer>
      )}
      <LicenceBanner />
      <Layout.Content className="pp-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
};

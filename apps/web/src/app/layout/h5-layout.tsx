import { NavBar, TabBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useIsSignedIn } from '../../lib/session.ts';
import { AuthButtons } from './auth-buttons.tsx';
import { visibleNavItems } from './nav-items.tsx';
import { type PageHandle, usePageHandle } from './page-handle.ts';
import { SiteBrand } from './site-brand.tsx';
import { useOpenCustomerService } from './use-customer-service.ts';

const h5TitleMaxWidth = 24;
/** Room left for the title beside 登录 / 注册. */
const h5TitleMaxWidthWithButtons = 12;

function H5NavBar({ handle }: { handle: PageHandle }) {
  const navigate = useNavigate();
  const isSignedIn = useIsSignedIn();
  if (handle.chrome === 'tabs' && handle.title === undefined) {
    return (
      <NavBar
        className="h5-navbar h5-navbar--brand"
        backIcon={false}
        left={<SiteBrand maxTitleWidth={isSignedIn ? h5TitleMaxWidth : h5TitleMaxWidthWithButtons} />}
        right={<AuthButtons />}
      />
    );
  }
  const goBack = () => void (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <NavBar className="h5-navbar" backIcon={handle.chrome === 'back'} onBack={goBack}>
      {handle.title}
    </NavBar>
  );
}

function H5TabBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openCustomerService = useOpenCustomerService();
  const navItems = visibleNavItems(useIsSignedIn());
  const onChange = (path: string) => {
    const item = navItems.find((candidate) => candidate.path === path);
    if (item?.opensCustomerService) {
      openCustomerService();
    } else {
      void navigate(path);
    }
  };
  return (
    <TabBar className="h5-tabbar" activeKey={pathname} onChange={onChange} safeArea>
      {navItems.map((item) => (
        <TabBar.Item key={item.path} icon={item.icon} title={item.title} />
      ))}
    </TabBar>
  );
}

/** H5 layout: 44px NavBar on top, TabBar at the bottom of top-level pages. */
export function H5Layout({ children }: { children: ReactNode }) {
  const handle = usePageHandle();
  if (handle.chrome === 'bare') {
    return <div className="h5-app h5-app--bare">{children}</div>;
  }
  return (
    <div className="h5-app">
      <H5NavBar handle={handle} />
      <main className="h5-main">{children}</main>
      {handle.chrome === 'tabs' ? <H5TabBar /> : null}
    </div>
  );
}

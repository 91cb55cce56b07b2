import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { AuthButtons } from './auth-buttons.tsx';
import { HeaderWallet } from './header-wallet.tsx';
import { visibleNavItems } from './nav-items.tsx';
import { type PageHandle, usePageHandle } from './page-handle.ts';
import { SiteBrand } from './site-brand.tsx';
import { useOpenCustomerService } from './use-customer-service.ts';
import './layout.css';

const h5TitleMaxWidth = 12;

/**
 * The 44px top bar (UX.md section 1). Drawn here rather than with antd-mobile's NavBar, whose left
 * slot is itself a role="button" and so cannot hold the brand link or the back button.
 */
function H5NavBar({ handle }: { handle: PageHandle }) {
  const navigate = useNavigate();
  if (handle.chrome === 'tabs' && handle.title === undefined) {
    return (
      <header className="h5-navbar h5-navbar--brand">
        <div className="h5-navbar__left">
          <SiteBrand maxTitleWidth={h5TitleMaxWidth} />
        </div>
        <div className="h5-navbar__right">
          <AuthButtons />
          <HeaderWallet />
        </div>
      </header>
    );
  }
  const goBack = () => void (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <header className="h5-navbar">
      <div className="h5-navbar__left">
        {handle.chrome === 'back' ? (
          <button type="button" className="h5-navbar__back" aria-label={messages.mine.back} onClick={goBack}>
            <LeftOutline />
          </button>
        ) : null}
      </div>
      <h1 className="h5-navbar__title">{handle.title}</h1>
      <div className="h5-navbar__right" />
    </header>
  );
}

/**
 * The bottom tab bar (UX.md section 1): links, and a button for 客服, which opens in a new
 * window; the active tab gets the coloured icon and bold label.
 */
function H5TabBar() {
  const openCustomerService = useOpenCustomerService();
  const navItems = visibleNavItems(useIsSignedIn());
  return (
    <nav className="h5-tabbar" aria-label={messages.mine.mainNav}>
      {navItems.map((item) =>
        item.opensCustomerService ? (
          <button key={item.path} type="button" className="h5-tabbar__item" onClick={openCustomerService}>
            <span className="h5-tabbar__icon">{item.icon}</span>
            <span className="h5-tabbar__title">{item.title}</span>
          </button>
        ) : (
          <NavLink key={item.path} to={item.path} end className="h5-tabbar__item">
            <span className="h5-tabbar__icon">{item.icon}</span>
            <span className="h5-tabbar__title">{item.title}</span>
          </NavLink>
        ),
      )}
    </nav>
  );
}

/** H5 layout: the 44px top bar, the tab bar at the bottom of top-level pages. */
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

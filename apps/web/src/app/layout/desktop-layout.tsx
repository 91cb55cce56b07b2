import { lazy, type ReactNode, Suspense } from 'react';
import { NavLink, useLocation } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { AuthButtons } from './auth-buttons.tsx';
import { HeaderWallet } from './header-wallet.tsx';
import { visibleNavItems } from './nav-items.tsx';
import { usePageHandle } from './page-handle.ts';
import { SiteBrand } from './site-brand.tsx';
import { useOpenCustomerService } from './use-customer-service.ts';
import './layout.css';

// The member-centre menu (and its icons) loads with the first /mine page, not with the home page.
const AccountArea = lazy(() =>
  import('./account-area.tsx').then((module) => ({ default: module.AccountArea })),
);

const desktopTitleMaxWidth = 64;

function DesktopNav() {
  const openCustomerService = useOpenCustomerService();
  const navItems = visibleNavItems(useIsSignedIn());
  return (
    <nav className="desktop-nav" aria-label={messages.mine.mainNav}>
      {navItems.map((item) =>
        item.opensCustomerService ? (
          <button key={item.path} type="button" className="desktop-nav__item" onClick={openCustomerService}>
            {messages.nav.onlineService}
          </button>
        ) : (
          <NavLink key={item.path} to={item.path} end className="desktop-nav__item">
            {item.title}
          </NavLink>
        ),
      )}
    </nav>
  );
}

function DesktopFooter() {
  const { data } = usePreInfo();
  const title = data?.SiteBaseConfigVo.title || messages.shell.defaultTitle;
  return (
    <footer className="desktop-footer">
      <ul className="desktop-footer__links">
        {messages.shell.footerLinks.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
      <p>{messages.shell.responsibleGaming}</p>
      <p>{messages.shell.copyright(title, new Date().getFullYear())}</p>
    </footer>
  );
}

const isAccountPath = (pathname: string) => /^\/mine(\/|$)/.test(pathname);

/**
 * Desktop site (768px and wider): header with the brand, main nav and the member's wallet; /mine
 * pages sit beside the member-centre menu; footer.
 */
export function DesktopLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const handle = usePageHandle();
  let page = children;
  if (isAccountPath(pathname)) {
    page = (
      <Suspense fallback={null}>
        <AccountArea title={handle.title}>{children}</AccountArea>
      </Suspense>
    );
  } else if (handle.title) {
    page = (
      <>
        <h1 className="visually-hidden">{handle.title}</h1>
        {children}
      </>
    );
  }
  return (
    <div className="desktop-app">
      <header className="desktop-header">
        <div className="desktop-header__inner">
          <SiteBrand maxTitleWidth={desktopTitleMaxWidth} />
          <DesktopNav />
          <AuthButtons />
          <HeaderWallet />
        </div>
      </header>
      <main className="desktop-main">{page}</main>
      <DesktopFooter />
    </div>
  );
}

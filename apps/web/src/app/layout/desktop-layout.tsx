import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { AuthButtons } from './auth-buttons.tsx';
import { visibleNavItems } from './nav-items.tsx';
import { SiteBrand } from './site-brand.tsx';
import { useOpenCustomerService } from './use-customer-service.ts';

const desktopTitleMaxWidth = 64;

function DesktopNav() {
  const openCustomerService = useOpenCustomerService();
  const navItems = visibleNavItems(useIsSignedIn());
  return (
    <nav className="desktop-nav">
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

/** Desktop site (768px and wider): header with logo, title and main nav; footer. */
export function DesktopLayout({ children }: { children: ReactNode }) {
  return (
    <div className="desktop-app">
      <header className="desktop-header">
        <div className="desktop-header__inner">
          <SiteBrand maxTitleWidth={desktopTitleMaxWidth} />
          <DesktopNav />
          <AuthButtons />
        </div>
      </header>
      <main className="desktop-main">{children}</main>
      <DesktopFooter />
    </div>
  );
}

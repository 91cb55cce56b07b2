import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { sidebarGroups } from '../../features/mine/hub-links.tsx';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import '../../features/mine/mine.css';

const text = messages.mine;

/** The member-centre menu: the hub, then its groups, the current page highlighted. */
function AccountSidebar() {
  return (
    <nav className="account-sidebar" aria-label={text.memberNav}>
      <NavLink to={paths.mine} end className="account-sidebar__home">
        {text.title}
      </NavLink>
      {sidebarGroups.map((group) => (
        <section key={group.title} className="account-sidebar__group">
          <h2 className="account-sidebar__title">{group.title}</h2>
          {group.links.map((link) => (
            <NavLink key={link.key} to={link.path} className="account-sidebar__item">
              <span className={`account-sidebar__icon mine-icon mine-icon--${link.tone}`} aria-hidden="true">
                {link.icon}
              </span>
              {text.links[link.key].label}
            </NavLink>
          ))}
        </section>
      ))}
    </nav>
  );
}

/** /mine pages on the desktop site: the menu on the left, the page under its title on the right. */
export function AccountArea({ title, children }: { title: string | undefined; children: ReactNode }) {
  return (
    <div className="account-area">
      <AccountSidebar />
      <section className="account-area__page">
        {title ? <h1 className="account-area__title">{title}</h1> : null}
        {children}
      </section>
    </div>
  );
}

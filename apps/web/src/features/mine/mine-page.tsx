import { Badge, Button } from 'antd-mobile';
import { RightOutline, UserOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { useMemberInfo } from '../../lib/member-info.ts';
import { messages } from '../../lib/messages.ts';
import { loginPathFor, paths } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { useCounter } from '../../lib/site-data.ts';
import { useLogout } from '../../lib/use-logout.ts';
import { useWallet } from '../../lib/wallet.ts';
import { WalletBalance } from '../../lib/wallet-balance.tsx';
import { accountGroup, type HubGroup, type HubLink, helpGroup, shortcutLinks } from './hub-links.tsx';
import './mine.css';

const text = messages.mine;

function MemberHeader() {
  const { data: member, isPending, isError, refetch } = useMemberInfo();
  let name = <span className="mine-header__name">{member?.username}</span>;
  if (isPending) {
    name = <span className="mine-header__name mine-header__name--muted">{messages.common.loading}</span>;
  } else if (isError) {
    name = (
      <button type="button" className="mine-header__retry" onClick={() => void refetch()}>
        {text.loadFailed}
      </button>
    );
  }
  return (
    <section className="mine-header" aria-label={text.title}>
      <span className="mine-avatar" aria-hidden="true">
        <UserOutline />
      </span>
      <div className="mine-header__who">{name}</div>
      <Link to={paths.userInfo} className="mine-header__edit">
        {text.editProfile}
        <RightOutline aria-hidden="true" />
      </Link>
    </section>
  );
}

function GuestHeader() {
  const navigate = useNavigate();
  return (
    <section className="mine-header mine-header--guest" aria-label={text.title}>
      <span className="mine-avatar mine-avatar--guest" aria-hidden="true">
        <UserOutline />
      </span>
      <div className="mine-header__who">
        <span className="mine-header__name">{text.guestName}</span>
        <span className="mine-header__hint">{text.guestHint}</span>
      </div>
      <Button
        color="primary"
        size="small"
        shape="rounded"
        onClick={() => void navigate(loginPathFor(paths.mine))}
      >
        {text.loginOrRegister}
      </Button>
    </section>
  );
}

function BalanceCard() {
  const { isError, refetch } = useWallet();
  return (
    <section className="mine-balance" aria-label={text.mainWallet}>
      <div className="mine-balance__top">
        <span>{text.mainWallet}</span>
        <Link to={paths.wallet} className="mine-balance__account">
          {text.myAccount}
          <RightOutline aria-hidden="true" />
        </Link>
      </div>
      <WalletBalance size="large" />
      {isError ? (
        <button type="button" className="mine-balance__retry" onClick={() => void refetch()}>
          {text.loadFailed}
        </button>
      ) : null}
      <div className="mine-balance__actions">
        <Link to={paths.deposit} className="mine-pill mine-pill--filled">
          {text.deposit}
        </Link>
        <Link to={paths.withdrawal} className="mine-pill">
          {text.withdrawal}
        </Link>
        <Link to={paths.transfer} className="mine-pill">
          {text.transfer}
        </Link>
      </div>
    </section>
  );
}

function LinkIcon({ link }: { link: HubLink }) {
  return (
    <span className={`mine-icon mine-icon--${link.tone}`} aria-hidden="true">
      {link.icon}
    </span>
  );
}

function ShortcutGrid() {
  const { data: counter } = useCounter();
  const unread = counter?.unreadNoticeCount ?? 0;
  return (
    <nav className="mine-grid site-card" aria-label={text.groups.funds}>
      {shortcutLinks.map((link) => (
        <Link key={link.key} to={link.path} className="mine-grid__item">
          <Badge content={link.key === 'mail' && unread > 0 ? unread : null}>
            <LinkIcon link={link} />
          </Badge>
          <span>{text.links[link.key].label}</span>
          {link.key === 'mail' && unread > 0 ? (
            <span className="visually-hidden">{text.unreadCount(unread)}</span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

function LinkRows({ group }: { group: HubGroup }) {
  return (
    <nav className="mine-rows site-card" aria-label={group.title}>
      {group.links.map((link) => (
        <Link key={link.key} to={link.path} className="mine-row">
          <LinkIcon link={link} />
          <span className="mine-row__label">{text.links[link.key].label}</span>
          <span className="mine-row__hint">{text.links[link.key].hint}</span>
          <RightOutline className="mine-row__arrow" aria-hidden="true" />
        </Link>
      ))}
    </nav>
  );
}

function LogoutButton() {
  const logout = useLogout(paths.home);
  return (
    <Button block size="large" className="mine-logout" onClick={() => void logout()}>
      {text.logout}
    </Button>
  );
}

/**
 * /mine, the member centre (UX.md section 3): who is signed in, the main wallet with ↻ and the
 * money actions, a grid of shortcuts and the account and help rows. A visitor sees the grey
 * avatar with 登录/注册, the shortcuts (their pages ask for a login) and the help rows.
 */
export function MinePage() {
  const isSignedIn = useIsSignedIn();
  if (!isSignedIn) {
    return (
      <div className="site-page mine-page">
        <GuestHeader />
        <ShortcutGrid />
        <LinkRows group={helpGroup} />
      </div>
    );
  }
  return (
    <div className="site-page mine-page">
      <MemberHeader />
      <BalanceCard />
      <ShortcutGrid />
      <LinkRows group={accountGroup} />
      <LinkRows group={helpGroup} />
      <LogoutButton />
    </div>
  );
}

import type { MemberInfo } from '@site/contract';
import { Button, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useMemberInfo } from '../../lib/member-info.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { useLogout } from '../../lib/use-logout.ts';
import { copyText } from './copy-text.ts';
import { displayPhone } from './format.ts';
import { useIdentityStatus } from './identity-api.ts';
import { LoginHistory } from './login-history.tsx';
import './member.css';
import { TwoFactorItem } from './two-factor.tsx';

const text = messages.member;

function ProfileCard({ member }: { member: MemberInfo }) {
  return (
    <List header={text.userInfoTitle} className="site-card">
      <List.Item extra={member.username}>{text.username}</List.Item>
      <List.Item extra={member.isAgent ? text.agent : text.player}>{text.accountType}</List.Item>
      <List.Item extra={member.phone ? displayPhone(member.phone) : text.notBound}>{text.phone}</List.Item>
      <List.Item extra={member.email ?? text.notBound}>{text.email}</List.Item>
      <List.Item
        extra={
          <span className="member-copy">
            <code>{member.inviteCode}</code>
            <Button size="mini" fill="outline" onClick={() => void copyText(member.inviteCode)}>
              {text.copy}
            </Button>
          </span>
        }
      >
        {text.inviteCode}
      </List.Item>
      <List.Item extra={formatShanghaiTime(member.registeredAt)}>{text.registeredAt}</List.Item>
      <List.Item extra={member.lastLoginAt ? formatShanghaiTime(member.lastLoginAt) : text.never}>
        {text.lastLoginAt}
      </List.Item>
    </List>
  );
}

function IdentityItem() {
  const navigate = useNavigate();
  const { data: identity } = useIdentityStatus();
  return (
    <List.Item
      extra={identity ? messages.identity.statuses[identity.status] : undefined}
      onClick={() => void navigate(paths.infoAudit)}
    >
      {text.identity}
    </List.Item>
  );
}

function MemberProfile() {
  const navigate = useNavigate();
  const { data: member } = useMemberInfo();
  const logout = useLogout(paths.login);
  if (!member) {
    return <p className="member-loading">{text.loading}</p>;
  }
  return (
    <>
      <ProfileCard member={member} />
      <List header={text.security} className="site-card">
        <List.Item onClick={() => void navigate(`${paths.password}?tab=change`)}>
          {text.changePassword}
        </List.Item>
        <TwoFactorItem isEnabled={member.isTotpEnabled} />
        <IdentityItem />
        <List.Item onClick={() => void navigate(paths.bindBankCard)}>{text.bankCards}</List.Item>
      </List>
      <List header={text.funds} className="site-card">
        <List.Item onClick={() => void navigate(paths.wallet)}>{messages.finance.walletTitle}</List.Item>
        <List.Item onClick={() => void navigate(paths.deposit)}>{messages.finance.depositTitle}</List.Item>
        <List.Item onClick={() => void navigate(paths.transfer)}>{messages.finance.transferTitle}</List.Item>
        <List.Item onClick={() => void navigate(paths.withdrawal)}>
          {messages.finance.withdrawalTitle}
        </List.Item>
        <List.Item onClick={() => void navigate(paths.transRecord)}>
          {messages.finance.recordsTitle}
        </List.Item>
        <List.Item onClick={() => void navigate(paths.audit)}>{messages.finance.auditTitle}</List.Item>
        <List.Item onClick={() => void navigate(paths.withdrawMethods)}>
          {messages.finance.accountsTitle}
        </List.Item>
      </List>
      <LoginHistory />
      <div className="member-logout">
        <Button block size="large" onClick={() => void logout()}>
          {text.logout}
        </Button>
      </div>
    </>
  );
}

/** /mine/userInfo: profile, account security (password, two-factor), login history and 退出登录. */
export function UserInfoPage() {
  return (
    <div className="site-page">
      <MemberProfile />
    </div>
  );
}

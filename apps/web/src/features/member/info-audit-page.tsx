import type { IdentityStatusView } from '@site/contract';
import { Button, List, Tag } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { returnToOf, withReturnTo } from '../../lib/return-to.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { useIdentityStatus } from './identity-api.ts';
import './member.css';

const text = messages.identity;
/** The status tag's fill, dark enough for its white text to read at 4.5:1 (WCAG AA). */
const tagColors = { none: '#5e626d', pending: '#9a5600', approved: '#137a41', rejected: '#b4263a' } as const;

/** Approved, a flow that sent the member here (adding a payout account) continues where it was. */
function NextStep({ status }: { status: IdentityStatusView['status'] }) {
  const navigate = useNavigate();
  const returnTo = returnToOf(useLocation().search);
  if (status === 'approved') {
    return (
      <Button
        block
        color="primary"
        size="large"
        onClick={() => void navigate(returnTo ?? paths.bindBankCard, { replace: returnTo !== undefined })}
      >
        {text.toBindCard}
      </Button>
    );
  }
  if (status === 'pending') {
    return null;
  }
  return (
    <Button
      block
      color="primary"
      size="large"
      onClick={() => void navigate(withReturnTo(paths.authentication, returnTo))}
    >
      {status === 'none' ? text.toAuthenticate : text.resubmit}
    </Button>
  );
}

function AuditDetails({ identity }: { identity: IdentityStatusView }) {
  return (
    <List header={text.auditTitle} className="site-card">
      <List.Item extra={<Tag color={tagColors[identity.status]}>{text.statuses[identity.status]}</Tag>}>
        {text.statusHints[identity.status]}
      </List.Item>
      {identity.realName ? <List.Item extra={identity.realName}>{text.realName}</List.Item> : null}
      {identity.idNumber ? <List.Item extra={identity.idNumber}>{text.idNumber}</List.Item> : null}
      {identity.reason ? <List.Item extra={identity.reason}>{text.reason}</List.Item> : null}
      {identity.submittedAt ? (
        <List.Item extra={formatShanghaiTime(identity.submittedAt)}>{text.submittedAt}</List.Item>
      ) : null}
      {identity.reviewedAt ? (
        <List.Item extra={formatShanghaiTime(identity.reviewedAt)}>{text.reviewedAt}</List.Item>
      ) : null}
    </List>
  );
}

function InfoAudit() {
  const { data: identity } = useIdentityStatus();
  if (!identity) {
    return <p className="member-loading">{messages.member.loading}</p>;
  }
  return (
    <>
      <AuditDetails identity={identity} />
      <NextStep status={identity.status} />
    </>
  );
}

/** /mine/infoAudit: where the real-name verification stands, and the next step. */
export function InfoAuditPage() {
  return (
    <div className="site-page">
      <InfoAudit />
    </div>
  );
}

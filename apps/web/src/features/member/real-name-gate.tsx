import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { useIdentityStatus } from './identity-api.ts';
import './member.css';

/**
 * Payout accounts are bound in the verified real name (the server refuses others): until the
 * member's verification is approved, this shows the way to it instead of `children`.
 */
export function RealNameGate({ hint, children }: { hint: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { data: identity } = useIdentityStatus();
  if (!identity) {
    return <p className="member-loading">{messages.member.loading}</p>;
  }
  if (identity.status !== 'approved') {
    return (
      <List className="site-card">
        <List.Item description={hint} onClick={() => void navigate(paths.authentication)}>
          {messages.identity.toAuthenticate}
        </List.Item>
      </List>
    );
  }
  return children;
}

import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { withReturnTo } from '../../lib/return-to.ts';
import { useIdentityStatus } from './identity-api.ts';
import './member.css';

/**
 * Payout accounts are bound in the verified real name (the server refuses others): until the
 * member's verification is approved, this shows the way to it instead of `children`; the
 * verification comes back here (with this page's own `returnTo`) once approved.
 */
export function RealNameGate({ hint, children }: { hint: string; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: identity } = useIdentityStatus();
  if (!identity) {
    return <p className="member-loading">{messages.member.loading}</p>;
  }
  if (identity.status !== 'approved') {
    return (
      <List className="site-card">
        <List.Item
          description={hint}
          onClick={() =>
            void navigate(withReturnTo(paths.authentication, `${location.pathname}${location.search}`))
          }
        >
          {messages.identity.toAuthenticate}
        </List.Item>
      </List>
    );
  }
  return children;
}

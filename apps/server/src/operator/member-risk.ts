import type { BlockKind } from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { MemberService } from '../member/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SessionService } from '../session/service.ts';

type Page = { pageNum: number; pageSize: number };

/** The services the risk actions call; the composition root hands them in. */
export interface MemberRiskDeps {
  members: Pick<
    MemberService,
    'findByUsername' | 'block' | 'unblock' | 'blocked' | 'resetPasswordByStaff' | 'forceLogout'
  >;
  sessions: Pick<SessionService, 'blockAccess' | 'unblockAccess' | 'accessBlocks' | 'loginHistoryOf'>;
  outbox: Pick<OutboxService, 'page'>;
  audit: Pick<AuditLog, 'record'>;
}

export type MemberRiskActions = ReturnType<typeof createMemberRiskActions>;

/**
 * What the operator API may do to members and access on a site: a member block is the member
 * part's (it ends the member's sessions), device and address blocks are the session part's.
 */
export function createMemberRiskActions(deps: MemberRiskDeps) {
  return {
    async block(actor: OperatorPrincipal, kind: BlockKind, value: string, reason: string) {
      const { siteId } = actor;
      if (kind !== 'member') {
        await deps.sessions.blockAccess(siteId, kind, value, reason);
      } else if (!(await deps.members.block(siteId, value, reason))) {
        throw validationError('value', '会员不存在');
      }
      const after = { kind, value, reason };
      await deps.audit.record(actor, {
        siteId,
        action: 'risk.block',
        target: value,
        before: null,
        after,
        reason,
      });
    },
    async unblock(actor: OperatorPrincipal, kind: BlockKind, value: string) {
      const { siteId } = actor;
      const isLifted =
        kind === 'member'
          ? await deps.members.unblock(siteId, value)
          : await deps.sessions.unblockAccess(siteId, kind, value);
      if (!isLifted) {
        throw validationError('value', '没有这条限制');
      }
      const before = { kind, value };
      await deps.audit.record(actor, { siteId, action: 'risk.unblock', target: value, before, after: null });
    },
    async blocks(siteId: number) {
      const [members, access] = await Promise.all([
        deps.members.blocked(siteId),
        deps.sessions.accessBlocks(siteId),
      ]);
      return [
        ...members.map((member) => ({
          kind: 'member' as const,
          value: member.username,
          reason: member.reason,
          createdAt: member.createdAt,
        })),
        ...access,
      ];
    },
    async loginHistory(siteId: number, username: string, page: Page) {
      const member = await deps.members.findByUsername(siteId, username);
      if (!member) {
        throw validationError('username', '会员不存在');
      }
      return deps.sessions.loginHistoryOf(member.id, page);
    },
    outbox: (siteId: number, page: Page) => deps.outbox.page(siteId, page),

    /**
     * Resets a member's password by a code sent to the member (never shown to staff); the old
     * password and every session end with the audit entry, in one transaction.
     */
    async resetPassword(actor: OperatorPrincipal, body: { username: string; reason: string }) {
      const { siteId } = actor;
      const reset = await deps.members.resetPasswordByStaff(siteId, body.username, async (tx, sent) => {
        const entry = { siteId, action: 'member.reset_password', target: body.username.toLowerCase() };
        await deps.audit.record(actor, { ...entry, before: null, after: sent, reason: body.reason }, tx);
      });
      switch (reset.outcome) {
        case 'unknown_member':
          throw validationError('username', '会员不存在');
        case 'no_contact':
          throw new AppError(10001, '该会员未绑定手机号或邮箱，无法发送重置验证码');
        case 'sent':
          return { channel: reset.channel, recipient: reset.maskedRecipient };
        default: {
          const unhandled: never = reset;
          throw new Error(`unhandled reset outcome ${JSON.stringify(unhandled)}`);
        }
      }
    },

    /** Ends every live session of a member; the audit entry commits with it. */
    async forceLogout(actor: OperatorPrincipal, body: { username: string; reason: string }) {
      const { siteId } = actor;
      const ended = await deps.members.forceLogout(siteId, body.username, async (tx, sessionsEnded) => {
        const entry = { siteId, action: 'member.logout', target: body.username.toLowerCase() };
        await deps.audit.record(
          actor,
          { ...entry, before: null, after: { sessionsEnded }, reason: body.reason },
          tx,
        );
      });
      if (!ended) {
        throw validationError('username', '会员不存在');
      }
      return { sessionsEnded: ended.sessionsEnded };
    },
  };
}

import type { BlockKind } from '@site/contract';
import { validationError } from '../app-error.ts';
import type { MemberService } from '../member/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SessionService } from '../session/service.ts';

type Page = { pageNum: number; pageSize: number };

/** The services the risk actions call; the composition root hands them in. */
export interface MemberRiskDeps {
  members: Pick<MemberService, 'findByUsername' | 'block' | 'unblock' | 'blocked'>;
  sessions: Pick<SessionService, 'blockAccess' | 'unblockAccess' | 'accessBlocks' | 'loginHistoryOf'>;
  outbox: Pick<OutboxService, 'page'>;
}

export type MemberRiskActions = ReturnType<typeof createMemberRiskActions>;

/**
 * What the operator API may do to members and access on a site: a member block is the member
 * part's (it ends the member's sessions), device and address blocks are the session part's.
 */
export function createMemberRiskActions(deps: MemberRiskDeps) {
  return {
    async block(siteId: number, kind: BlockKind, value: string, reason: string) {
      if (kind !== 'member') {
        await deps.sessions.blockAccess(siteId, kind, value, reason);
      } else if (!(await deps.members.block(siteId, value, reason))) {
        throw validationError('value', '会员不存在');
      }
    },
    async unblock(siteId: number, kind: BlockKind, value: string) {
      const isLifted =
        kind === 'member'
          ? await deps.members.unblock(siteId, value)
          : await deps.sessions.unblockAccess(siteId, kind, value);
      if (!isLifted) {
        throw validationError('value', '没有这条限制');
      }
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
  };
}

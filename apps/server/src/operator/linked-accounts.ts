import type { AccountLink, LinkKind } from '@site/contract';
import { validationError } from '../app-error.ts';
import type { CashierService } from '../cashier/service.ts';
import type { MemberService } from '../member/service.ts';
import type { SessionService } from '../session/service.ts';

/** Shared (value, other member) pairs read per kind for one member: enough for any honest case. */
const linkRowsMax = 500;
/** Members named per row of the site-wide list; the count says how many there are in all. */
const membersShown = 20;

type Page = { pageNum: number; pageSize: number };

/** The services linked accounts read; the composition root hands them in. */
export interface LinkedAccountsDeps {
  members: Pick<MemberService, 'findByUsername' | 'summariesOf'>;
  sessions: Pick<SessionService, 'accessSharedWith' | 'sharedAccess'>;
  cashier: Pick<CashierService, 'payoutAccountsSharedWith' | 'sharedPayoutAccounts'>;
}

interface SharedUse {
  value: string;
  memberId: bigint;
  lastUsedAt: Date;
}

/** Groups (value, member) rows by value, keeping the order of first appearance (most recent use). */
function groupByValue(kind: LinkKind, rows: ReadonlyArray<SharedUse>, summaries: Summaries): AccountLink[] {
  const links = new Map<string, AccountLink>();
  for (const row of rows) {
    const member = summaries.get(row.memberId);
    if (!member) {
      continue;
    }
    const link = links.get(row.value) ?? { kind, value: row.value, members: [] };
    link.members.push({
      memberId: member.memberId,
      username: member.username,
      status: member.status,
      lastUsedAt: row.lastUsedAt.toISOString(),
    });
    links.set(row.value, link);
  }
  return [...links.values()];
}

type Summaries = Awaited<ReturnType<MemberService['summariesOf']>>;

/**
 * Linked accounts (关联账户): who shares a device, an IP address or a payout account with a
 * member, and the site's devices, IPs and payout accounts used by more than one member. Every
 * read names the site, and member ids of another site resolve to nobody.
 */
export function createLinkedAccounts(deps: LinkedAccountsDeps) {
  return {
    async ofMember(siteId: number, username: string) {
      const member = await deps.members.findByUsername(siteId, username);
      if (!member) {
        throw validationError('username', '会员不存在');
      }
      const ref = { siteId, memberId: member.id };
      const [devices, ips, payoutAccounts] = await Promise.all([
        deps.sessions.accessSharedWith(siteId, member.id, 'device', linkRowsMax),
        deps.sessions.accessSharedWith(siteId, member.id, 'ip', linkRowsMax),
        deps.cashier.payoutAccountsSharedWith(ref, linkRowsMax),
      ]);
      const summaries = await deps.members.summariesOf(
        siteId,
        [...devices, ...ips, ...payoutAccounts].map((row) => row.memberId),
      );
      return {
        memberId: Number(member.id),
        username: member.username,
        links: [
          ...groupByValue('payoutAccount', payoutAccounts, summaries),
          ...groupByValue('device', devices, summaries),
          ...groupByValue('ip', ips, summaries),
        ],
      };
    },

    async shared(siteId: number, query: Page & { kind: LinkKind }) {
      const page = { pageNum: query.pageNum, pageSize: query.pageSize };
      const { list, total } =
        query.kind === 'payoutAccount'
          ? await deps.cashier.sharedPayoutAccounts(siteId, page, membersShown)
          : await deps.sessions.sharedAccess(siteId, query.kind, page, membersShown);
      const summaries = await deps.members.summariesOf(
        siteId,
        list.flatMap((row) => row.memberIds),
      );
      return {
        list: list.map((row) => ({
          key: row.key,
          kind: query.kind,
          value: row.value,
          memberCount: row.memberCount,
          members: row.memberIds.flatMap((memberId) => {
            const member = summaries.get(memberId);
            return member
              ? [{ memberId: member.memberId, username: member.username, status: member.status }]
              : [];
          }),
          lastUsedAt: row.lastUsedAt.toISOString(),
        })),
        total,
        ...page,
      };
    },
  };
}

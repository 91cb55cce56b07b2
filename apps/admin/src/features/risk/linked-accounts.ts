import type { AccountLink, LinkKind } from '@site/contract';

/** One member linked to the member looked up, by one shared device, IP or payout account. */
export interface LinkRow {
  key: string;
  kind: LinkKind;
  value: string;
  memberId: number;
  username: string;
  status: 'active' | 'blocked';
  lastUsedAt: string;
}

/** The links as table rows, one per shared value and member, optionally of one kind. */
export function linkRows(links: ReadonlyArray<AccountLink>, kind?: LinkKind): LinkRow[] {
  return links
    .filter((link) => kind === undefined || link.kind === kind)
    .flatMap((link) =>
      link.members.map((member) => ({
        key: `${link.kind}:${link.value}:${member.memberId}`,
        kind: link.kind,
        value: link.value,
        ...member,
      })),
    );
}

/** How many distinct members each kind of link ties to the member, for the summary line. */
export function linkedMemberCounts(links: ReadonlyArray<AccountLink>): Record<LinkKind, number> {
  const counts: Record<LinkKind, number> = { device: 0, ip: 0, payoutAccount: 0 };
  for (const kind of Object.keys(counts) as LinkKind[]) {
    const members = new Set(linkRows(links, kind).map((row) => row.memberId));
    counts[kind] = members.size;
  }
  return counts;
}

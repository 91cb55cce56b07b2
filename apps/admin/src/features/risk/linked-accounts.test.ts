import type { AccountLink } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { linkedMemberCounts, linkRows } from './linked-accounts.ts';

const member = (memberId: number, username: string) => ({
  memberId,
  username,
  status: 'active' as const,
  lastUsedAt: '2026-11-22T04:00:00.000Z',
});

const links: AccountLink[] = [
  { kind: 'payoutAccount', value: '中国工商银行(尾号5679)', members: [member(3, 'carol')] },
  { kind: 'device', value: 'device-1', members: [member(2, 'bob'), member(3, 'carol')] },
  { kind: 'ip', value: '192.0.2.1', members: [member(2, 'bob')] },
  { kind: 'ip', value: '192.0.2.2', members: [member(2, 'bob')] },
];

describe('linkRows', () => {
  it('makes one row per shared value and member, each with a unique key', () => {
    const rows = linkRows(links);
    expect(rows.map((row) => `${row.kind} ${row.username}`)).toEqual([
      'payoutAccount carol',
      'device bob',
      'device carol',
      'ip bob',
      'ip bob',
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it('keeps one kind when asked', () => {
    expect(linkRows(links, 'device').map((row) => row.username)).toEqual(['bob', 'carol']);
    expect(linkRows([], 'ip')).toEqual([]);
  });
});

describe('linkedMemberCounts', () => {
  it('counts each member once per kind, however many values they share', () => {
    expect(linkedMemberCounts(links)).toEqual({ device: 2, ip: 1, payoutAccount: 1 });
    expect(linkedMemberCounts([])).toEqual({ device: 0, ip: 0, payoutAccount: 0 });
  });
});

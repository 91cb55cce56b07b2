import type { OperatorPermission } from '@site/contract';

/** What a staff member may do on a member's detail page; buttons they may not press are not drawn. */
export interface MemberActions {
  mayNote: boolean;
  mayBlock: boolean;
  mayUnblock: boolean;
  mayAdjust: boolean;
}

export function memberActionsFor(
  permissions: ReadonlyArray<OperatorPermission>,
  status: 'active' | 'blocked',
): MemberActions {
  const mayWriteRisk = permissions.includes('risk.write');
  return {
    mayNote: permissions.includes('member.note'),
    mayBlock: mayWriteRisk && status === 'active',
    mayUnblock: mayWriteRisk && status === 'blocked',
    mayAdjust: permissions.includes('cashier.adjust'),
  };
}

/** Staff notes newest first, whatever order they arrive in. */
export function newestFirst<Note extends { id: number; createdAt: string }>(
  notes: ReadonlyArray<Note>,
): Note[] {
  return [...notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** The 人工调整 page prefilled with one member. */
export function adjustUrl(memberId: number): string {
  return `/cashier/adjust?${new URLSearchParams({ memberId: String(memberId) })}`;
}

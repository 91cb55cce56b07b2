import { operatorRolePermissions } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { adjustUrl, memberActionsFor, newestFirst } from './member-actions.ts';

describe('memberActionsFor', () => {
  it('gives 客服 notes only: no block, no adjustment', () => {
    expect(memberActionsFor(operatorRolePermissions.support, 'active')).toEqual({
      mayNote: true,
      mayBlock: false,
      mayUnblock: false,
      mayAdjust: false,
    });
  });

  it('lets 风控 block an active member and unblock a blocked one, never both at once', () => {
    expect(memberActionsFor(operatorRolePermissions.risk, 'active')).toMatchObject({
      mayBlock: true,
      mayUnblock: false,
      mayAdjust: false,
    });
    expect(memberActionsFor(operatorRolePermissions.risk, 'blocked')).toMatchObject({
      mayBlock: false,
      mayUnblock: true,
    });
  });

  it('lets 财务 adjust but not block', () => {
    expect(memberActionsFor(operatorRolePermissions.finance, 'active')).toMatchObject({
      mayAdjust: true,
      mayBlock: false,
    });
  });

  it('gives a role without permissions nothing', () => {
    expect(Object.values(memberActionsFor(operatorRolePermissions.content, 'blocked'))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('newestFirst', () => {
  it('orders notes by time, newest first, and by id within the same time', () => {
    const notes = [
      { id: 1, createdAt: '2026-11-20T08:00:00.000Z' },
      { id: 3, createdAt: '2026-11-22T08:00:00.000Z' },
      { id: 2, createdAt: '2026-11-22T08:00:00.000Z' },
    ];
    expect(newestFirst(notes).map((note) => note.id)).toEqual([3, 2, 1]);
    expect(notes.map((note) => note.id)).toEqual([1, 3, 2]);
  });
});

describe('adjustUrl', () => {
  it('opens 人工调整 with the member prefilled', () => {
    expect(adjustUrl(42)).toBe('/cashier/adjust?memberId=42');
  });
});

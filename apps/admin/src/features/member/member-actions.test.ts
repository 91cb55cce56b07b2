import { operatorRolePermissions } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { adjustUrl, ledgerKindText, memberActionsFor, newestFirst, resetSentText } from './member-actions.ts';

describe('memberActionsFor', () => {
  it('gives 客服 notes only: no block, no adjustment, no password reset or forced logout, no money', () => {
    expect(memberActionsFor(operatorRolePermissions.support, 'active')).toEqual({
      mayNote: true,
      mayBlock: false,
      mayUnblock: false,
      mayAdjust: false,
      mayResetPassword: false,
      mayForceLogout: false,
      mayReadMoney: false,
    });
  });

  it('lets 风控 and 站点管理员 reset a password and force a logout, and read the money records', () => {
    for (const role of ['risk', 'site_admin', 'super_admin'] as const) {
      expect(memberActionsFor(operatorRolePermissions[role], 'active')).toMatchObject({
        mayResetPassword: true,
        mayForceLogout: true,
        mayReadMoney: true,
      });
    }
    expect(memberActionsFor(operatorRolePermissions.finance, 'active')).toMatchObject({
      mayResetPassword: false,
      mayForceLogout: false,
      mayReadMoney: true,
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

describe('resetSentText', () => {
  it('says where the code went and what the member does next, with no password in it', () => {
    const text = resetSentText({ channel: 'sms', recipient: '137****7777' });
    expect(text).toContain('手机 137****7777');
    expect(text).toContain('忘记密码');
    expect(resetSentText({ channel: 'email', recipient: 'a***@example.com' })).toContain(
      '邮箱 a***@example.com',
    );
  });
});

describe('ledgerKindText', () => {
  it('names the ledger kinds in Chinese and keeps an unknown one as stored', () => {
    expect(ledgerKindText('withdrawal_hold')).toBe('提现冻结');
    expect(ledgerKindText('deposit')).toBe('存款');
    expect(ledgerKindText('jackpot')).toBe('jackpot');
  });
});

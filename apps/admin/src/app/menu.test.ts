import { operatorRolePermissions } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { homePath, visibleMenu } from './menu.ts';

function pageNames(role: keyof typeof operatorRolePermissions): string[] {
  return visibleMenu(operatorRolePermissions[role]).flatMap((section) =>
    section.pages.map((page) => page.name),
  );
}

describe('visibleMenu', () => {
  it('shows 超级管理员 every page', () => {
    expect(pageNames('super_admin')).toEqual([
      '会员列表',
      '存款订单',
      '提现审核',
      '人工调整',
      '调整审批',
      '资金操作记录',
      '资金设置',
      '封禁列表',
      '会员登录记录',
      '员工与角色',
      '审计日志',
      '沙盒消息',
    ]);
  });

  it('shows 财务 the members and the money pages but not 资金设置, and no staff or risk pages', () => {
    expect(pageNames('finance')).toEqual([
      '会员列表',
      '存款订单',
      '提现审核',
      '人工调整',
      '调整审批',
      '资金操作记录',
      '会员登录记录',
    ]);
    expect(homePath(operatorRolePermissions.finance)).toBe('/member/list');
  });

  it('shows 客服 no money page at all, so no approve button can be reached', () => {
    expect(pageNames('support')).toEqual(['会员列表', '封禁列表', '会员登录记录']);
    expect(visibleMenu(operatorRolePermissions.support).map((section) => section.name)).toEqual([
      '会员',
      '风控',
    ]);
  });

  it('opens 资金设置 to 站点管理员 and 超级管理员 only', () => {
    expect(pageNames('site_admin')).toContain('资金设置');
    for (const role of ['finance', 'risk', 'support', 'content'] as const) {
      expect(pageNames(role)).not.toContain('资金设置');
    }
  });

  it('leaves 站点管理员 without staff management and a role without permissions with no menu', () => {
    expect(pageNames('site_admin')).not.toContain('员工与角色');
    expect(visibleMenu(operatorRolePermissions.content)).toEqual([]);
    expect(homePath(operatorRolePermissions.content)).toBeUndefined();
  });
});

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
      '数据概览',
      '会员列表',
      '存款订单',
      '提现审核',
      '人工调整',
      '调整审批',
      '资金操作记录',
      '每日资金报表',
      '流水稽核',
      '存款通道',
      '资金设置',
      '封禁列表',
      '会员登录记录',
      '实名审核',
      '关联账户',
      '站点设置',
      '公告',
      '广告',
      '浮动图标',
      '命名列表',
      '房间管理',
      '禁言管理',
      '聊天记录',
      '聊天设置',
      '场馆管理',
      '进入记录',
      '注单查询',
      '免转交易',
      '彩种管理',
      '开奖记录',
      '风险敞口',
      '彩票注单',
      '赛事管理',
      '体育注单',
      '体育风险',
      '体育应收',
      '体育设置',
      '员工与角色',
      '审计日志',
      '沙盒消息',
    ]);
  });

  it('shows 财务 the members and the money pages but not 资金设置, and no staff or risk pages', () => {
    expect(pageNames('finance')).toEqual([
      '数据概览',
      '会员列表',
      '存款订单',
      '提现审核',
      '人工调整',
      '调整审批',
      '资金操作记录',
      '每日资金报表',
      '流水稽核',
      '存款通道',
      '会员登录记录',
      '注单查询',
      '免转交易',
      '赛事管理',
      '体育注单',
      '体育风险',
      '体育应收',
      '体育设置',
    ]);
  });

  it('opens 仪表盘 and 每日资金报表 to the roles that read reports, 仪表盘 first as their home', () => {
    for (const role of ['super_admin', 'site_admin', 'finance', 'risk'] as const) {
      expect(pageNames(role)).toEqual(expect.arrayContaining(['数据概览', '每日资金报表']));
      expect(visibleMenu(operatorRolePermissions[role])[0]?.name).toBe('仪表盘');
      expect(homePath(operatorRolePermissions[role])).toBe('/dashboard/overview');
    }
    for (const role of ['support', 'content'] as const) {
      expect(pageNames(role)).not.toContain('数据概览');
      expect(pageNames(role)).not.toContain('每日资金报表');
    }
    expect(homePath(operatorRolePermissions.support)).toBe('/member/list');
  });

  it('shows 客服 no money page at all, so no approve button can be reached', () => {
    expect(pageNames('support')).toEqual([
      '会员列表',
      '封禁列表',
      '会员登录记录',
      '关联账户',
      '站点设置',
      '公告',
      '广告',
      '浮动图标',
      '命名列表',
      '房间管理',
      '禁言管理',
      '聊天记录',
      '聊天设置',
      '场馆管理',
      '进入记录',
      '注单查询',
      '免转交易',
      '彩种管理',
      '开奖记录',
      '风险敞口',
      '彩票注单',
      '赛事管理',
      '体育注单',
      '体育风险',
      '体育设置',
    ]);
    expect(visibleMenu(operatorRolePermissions.support).map((section) => section.name)).toEqual([
      '会员',
      '风控',
      '站点',
      '聊天室',
      '游戏场馆',
      '彩票',
      '体育',
    ]);
  });

  it('shows 运营 the 站点 pages and the chat log, opening on 站点设置', () => {
    expect(visibleMenu(operatorRolePermissions.content).map((section) => section.name)).toEqual([
      '站点',
      '聊天室',
      '游戏场馆',
      '彩票',
    ]);
    expect(homePath(operatorRolePermissions.content)).toBe('/site/settings');
    for (const role of ['finance', 'risk'] as const) {
      expect(visibleMenu(operatorRolePermissions[role]).map((section) => section.name)).not.toContain('站点');
    }
  });

  it('opens the 彩票 pages to the roles that read venues, not to 财务', () => {
    const lotteryPages = ['彩种管理', '开奖记录', '风险敞口', '彩票注单'];
    for (const role of ['super_admin', 'site_admin', 'risk', 'support', 'content'] as const) {
      expect(pageNames(role)).toEqual(expect.arrayContaining(lotteryPages));
    }
    expect(pageNames('finance')).not.toContain('彩种管理');
  });

  it('opens the 体育 pages to every role that reads bets, not to 运营', () => {
    for (const role of ['super_admin', 'site_admin', 'finance', 'risk', 'support'] as const) {
      expect(pageNames(role)).toEqual(expect.arrayContaining(['赛事管理', '体育注单', '体育风险']));
    }
    expect(pageNames('content')).not.toContain('赛事管理');
    expect(pageNames('content')).not.toContain('体育风险');
  });

  it('opens 体育应收, what members owe, to the roles that read money, not to 客服 or 运营', () => {
    for (const role of ['super_admin', 'site_admin', 'finance', 'risk'] as const) {
      expect(pageNames(role)).toContain('体育应收');
    }
    for (const role of ['support', 'content'] as const) {
      expect(pageNames(role)).not.toContain('体育应收');
    }
  });

  it('opens 流水稽核 and 存款通道 to every role that reads money (风控 too), not to 客服 or 运营', () => {
    for (const role of ['super_admin', 'site_admin', 'finance', 'risk'] as const) {
      expect(pageNames(role)).toEqual(expect.arrayContaining(['流水稽核', '存款通道']));
    }
    for (const role of ['support', 'content'] as const) {
      expect(pageNames(role)).not.toContain('流水稽核');
      expect(pageNames(role)).not.toContain('存款通道');
    }
  });

  it('opens 实名审核 to 风控, 站点管理员 and 超级管理员, and 关联账户 to every role that reads risk', () => {
    for (const role of ['super_admin', 'site_admin', 'risk'] as const) {
      expect(pageNames(role)).toEqual(expect.arrayContaining(['实名审核', '关联账户']));
    }
    for (const role of ['finance', 'support', 'content'] as const) {
      expect(pageNames(role)).not.toContain('实名审核');
    }
    expect(pageNames('support')).toContain('关联账户');
    expect(pageNames('finance')).not.toContain('关联账户');
  });

  it('opens 资金设置 to 站点管理员 and 超级管理员 only', () => {
    expect(pageNames('site_admin')).toContain('资金设置');
    for (const role of ['finance', 'risk', 'support', 'content'] as const) {
      expect(pageNames(role)).not.toContain('资金设置');
    }
  });

  it('leaves 站点管理员 without staff management and a role without permissions with no menu', () => {
    expect(pageNames('site_admin')).not.toContain('员工与角色');
    expect(pageNames('site_admin')).toContain('站点设置');
    expect(visibleMenu([])).toEqual([]);
    expect(homePath([])).toBeUndefined();
  });
});

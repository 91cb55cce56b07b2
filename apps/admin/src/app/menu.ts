import type { OperatorPermission } from '@site/contract';

export type MenuPageKey =
  | 'dashboard'
  | 'dailyMoney'
  | 'members'
  | 'deposits'
  | 'withdrawals'
  | 'adjust'
  | 'adjustRequests'
  | 'actions'
  | 'turnoverAudit'
  | 'depositChannels'
  | 'cashierSettings'
  | 'blocks'
  | 'memberLogins'
  | 'identityReview'
  | 'linkedAccounts'
  | 'siteSettings'
  | 'notices'
  | 'ads'
  | 'icons'
  | 'naming'
  | 'chatRooms'
  | 'chatModeration'
  | 'chatLog'
  | 'chatSettings'
  | 'venues'
  | 'venueLaunches'
  | 'bets'
  | 'seamless'
  | 'lotteryGames'
  | 'lotteryDraws'
  | 'lotteryLiability'
  | 'lotteryTickets'
  | 'sportsbookMatches'
  | 'sportsbookBets'
  | 'sportsbookLiability'
  | 'sportsbookReceivables'
  | 'sportsbookSettings'
  | 'staff'
  | 'audit'
  | 'outbox';

export interface MenuPage {
  key: MenuPageKey;
  path: string;
  name: string;
  /** The permission the page's list route needs: without it the page is not in the menu. */
  permission: OperatorPermission;
}

export interface MenuSection {
  key:
    | 'dashboard'
    | 'member'
    | 'cashier'
    | 'risk'
    | 'site'
    | 'chat'
    | 'venue'
    | 'lottery'
    | 'sportsbook'
    | 'system';
  path: string;
  name: string;
  pages: MenuPage[];
}

export const menuSections: ReadonlyArray<MenuSection> = [
  {
    key: 'dashboard',
    path: '/dashboard',
    name: '仪表盘',
    pages: [{ key: 'dashboard', path: '/dashboard/overview', name: '数据概览', permission: 'report.read' }],
  },
  {
    key: 'member',
    path: '/member',
    name: '会员',
    pages: [{ key: 'members', path: '/member/list', name: '会员列表', permission: 'member.read' }],
  },
  {
    key: 'cashier',
    path: '/cashier',
    name: '财务',
    pages: [
      { key: 'deposits', path: '/cashier/deposits', name: '存款订单', permission: 'cashier.read' },
      { key: 'withdrawals', path: '/cashier/withdrawals', name: '提现审核', permission: 'cashier.read' },
      { key: 'adjust', path: '/cashier/adjust', name: '人工调整', permission: 'cashier.adjust' },
      {
        key: 'adjustRequests',
        path: '/cashier/adjust-requests',
        name: '调整审批',
        permission: 'cashier.read',
      },
      { key: 'actions', path: '/cashier/actions', name: '资金操作记录', permission: 'cashier.read' },
      { key: 'dailyMoney', path: '/cashier/daily-report', name: '每日资金报表', permission: 'report.read' },
      { key: 'turnoverAudit', path: '/cashier/turnover-audit', name: '流水稽核', permission: 'cashier.read' },
      { key: 'depositChannels', path: '/cashier/channels', name: '存款通道', permission: 'cashier.read' },
      {
        key: 'cashierSettings',
        path: '/cashier/settings',
        name: '资金设置',
        permission: 'cashier.settings',
      },
    ],
  },
  {
    key: 'risk',
    path: '/risk',
    name: '风控',
    pages: [
      { key: 'blocks', path: '/risk/blocks', name: '封禁列表', permission: 'risk.read' },
      { key: 'memberLogins', path: '/risk/member-logins', name: '会员登录记录', permission: 'member.read' },
      { key: 'identityReview', path: '/risk/identity', name: '实名审核', permission: 'identity.review' },
      { key: 'linkedAccounts', path: '/risk/linked', name: '关联账户', permission: 'risk.read' },
    ],
  },
  {
    key: 'site',
    path: '/site',
    name: '站点',
    pages: [
      { key: 'siteSettings', path: '/site/settings', name: '站点设置', permission: 'site.read' },
      { key: 'notices', path: '/site/notices', name: '公告', permission: 'site.read' },
      { key: 'ads', path: '/site/ads', name: '广告', permission: 'site.read' },
      { key: 'icons', path: '/site/icons', name: '浮动图标', permission: 'site.read' },
      { key: 'naming', path: '/site/naming', name: '命名列表', permission: 'site.read' },
    ],
  },
  {
    key: 'chat',
    path: '/chat',
    name: '聊天室',
    pages: [
      { key: 'chatRooms', path: '/chat/rooms', name: '房间管理', permission: 'chat.read' },
      { key: 'chatModeration', path: '/chat/moderation', name: '禁言管理', permission: 'chat.read' },
      { key: 'chatLog', path: '/chat/log', name: '聊天记录', permission: 'chat.read' },
      { key: 'chatSettings', path: '/chat/settings', name: '聊天设置', permission: 'chat.read' },
    ],
  },
  {
    key: 'venue',
    path: '/venue',
    name: '游戏场馆',
    pages: [
      { key: 'venues', path: '/venue/list', name: '场馆管理', permission: 'venue.read' },
      { key: 'venueLaunches', path: '/venue/launches', name: '进入记录', permission: 'venue.read' },
      { key: 'bets', path: '/venue/bets', name: '注单查询', permission: 'bets.read' },
      { key: 'seamless', path: '/venue/seamless', name: '免转交易', permission: 'bets.read' },
    ],
  },
  {
    key: 'lottery',
    path: '/lottery',
    name: '彩票',
    pages: [
      { key: 'lotteryGames', path: '/lottery/games', name: '彩种管理', permission: 'venue.read' },
      { key: 'lotteryDraws', path: '/lottery/draws', name: '开奖记录', permission: 'venue.read' },
      { key: 'lotteryLiability', path: '/lottery/liability', name: '风险敞口', permission: 'venue.read' },
      { key: 'lotteryTickets', path: '/lottery/tickets', name: '彩票注单', permission: 'venue.read' },
    ],
  },
  {
    key: 'sportsbook',
    path: '/sportsbook',
    name: '体育',
    pages: [
      { key: 'sportsbookMatches', path: '/sportsbook/matches', name: '赛事管理', permission: 'bets.read' },
      { key: 'sportsbookBets', path: '/sportsbook/bets', name: '体育注单', permission: 'bets.read' },
      {
        key: 'sportsbookLiability',
        path: '/sportsbook/liability',
        name: '体育风险',
        permission: 'bets.read',
      },
      {
        key: 'sportsbookReceivables',
        path: '/sportsbook/receivables',
        name: '体育应收',
        permission: 'cashier.read',
      },
      { key: 'sportsbookSettings', path: '/sportsbook/settings', name: '体育设置', permission: 'bets.read' },
    ],
  },
  {
    key: 'system',
    path: '/system',
    name: '系统',
    pages: [
      { key: 'staff', path: '/system/staff', name: '员工与角色', permission: 'staff.manage' },
      { key: 'audit', path: '/system/audit', name: '审计日志', permission: 'audit.read' },
      { key: 'outbox', path: '/system/outbox', name: '沙盒消息', permission: 'sandbox.read' },
    ],
  },
];

/** The menu a staff member sees: the pages their permissions open, sections without one left out. */
export function visibleMenu(permissions: ReadonlyArray<OperatorPermission>): MenuSection[] {
  return menuSections
    .map((section) => ({
      ...section,
      pages: section.pages.filter((page) => permissions.includes(page.permission)),
    }))
    .filter((section) => section.pages.length > 0);
}

/** A member's detail page, reached from the member list (not a menu entry of its own). */
export const memberDetailPath = '/member/detail';

export function memberDetailUrl(username: string): string {
  return `${memberDetailPath}?${new URLSearchParams({ username })}`;
}

/** 关联账户 opened on one member: who shares a device, an IP or a payout account with them. */
export const linkedAccountsPath = '/risk/linked';

export function linkedAccountsUrl(username: string): string {
  return `${linkedAccountsPath}?${new URLSearchParams({ member: username })}`;
}

/** Where the console opens: the first page the staff member may see. */
export function homePath(permissions: ReadonlyArray<OperatorPermission>): string | undefined {
  return visibleMenu(permissions)[0]?.pages[0]?.path;
}

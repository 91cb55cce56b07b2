import type { OperatorPermission } from '@site/contract';

export type MenuPageKey =
  | 'members'
  | 'deposits'
  | 'withdrawals'
  | 'adjust'
  | 'adjustRequests'
  | 'actions'
  | 'cashierSettings'
  | 'blocks'
  | 'memberLogins'
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
  key: 'member' | 'cashier' | 'risk' | 'system';
  path: string;
  name: string;
  pages: MenuPage[];
}

export const menuSections: ReadonlyArray<MenuSection> = [
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

/** Where the console opens: the first page the staff member may see. */
export function homePath(permissions: ReadonlyArray<OperatorPermission>): string | undefined {
  return visibleMenu(permissions)[0]?.pages[0]?.path;
}

import {
  AppOutline,
  DownlandOutline,
  MessageOutline,
  PayCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';

export interface NavItem {
  path: string;
  title: string;
  icon: ReactNode;
  /** Customer service opens in a new window instead of navigating. */
  opensCustomerService?: boolean;
  /** Shown only to a signed-in member. */
  isMemberOnly?: boolean;
}

/** One list for the H5 tab bar and the desktop nav; later issues add 优惠 / 赞助 here. */
export const navItems: readonly NavItem[] = [
  { path: paths.home, title: messages.nav.home, icon: <AppOutline /> },
  {
    path: paths.customerService,
    title: messages.nav.customerService,
    icon: <MessageOutline />,
    opensCustomerService: true,
  },
  { path: paths.download, title: messages.nav.download, icon: <DownlandOutline /> },
  { path: paths.wallet, title: messages.nav.wallet, icon: <PayCircleOutline />, isMemberOnly: true },
  { path: paths.mine, title: messages.nav.mine, icon: <UserOutline />, isMemberOnly: true },
];

/** The items a visitor sees: 我的 only with a session. */
export function visibleNavItems(isSignedIn: boolean): readonly NavItem[] {
  return navItems.filter((item) => isSignedIn || !item.isMemberOnly);
}

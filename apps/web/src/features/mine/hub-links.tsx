import {
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  DownlandOutline,
  FileOutline,
  GiftOutline,
  HandPayCircleOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  QuestionCircleOutline,
  TransportQRcodeOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';

const text = messages.mine.links;

/** One entry of the member centre: a grid tile, a list row and a sidebar item all read it. */
export interface HubLink {
  key: keyof typeof text;
  path: string;
  icon: ReactNode;
  /** The icon tile's colour, so the grid reads as colourful images (UX.md section 6). */
  tone: 'gold' | 'green' | 'blue' | 'orange' | 'purple' | 'red';
}

export interface HubGroup {
  title: string;
  links: readonly HubLink[];
}

export const hubLinks = {
  deposit: { key: 'deposit', path: paths.deposit, icon: <CollectMoneyOutline />, tone: 'gold' },
  withdrawal: { key: 'withdrawal', path: paths.withdrawal, icon: <HandPayCircleOutline />, tone: 'orange' },
  transfer: { key: 'transfer', path: paths.transfer, icon: <TransportQRcodeOutline />, tone: 'blue' },
  transRecord: { key: 'transRecord', path: paths.transRecord, icon: <BillOutline />, tone: 'green' },
  betRecord: { key: 'betRecord', path: paths.betRecord, icon: <BillOutline />, tone: 'blue' },
  audit: { key: 'audit', path: paths.audit, icon: <FileOutline />, tone: 'purple' },
  currency: { key: 'currency', path: paths.currency, icon: <GiftOutline />, tone: 'red' },
  mail: { key: 'mail', path: paths.mail, icon: <MailOutline />, tone: 'blue' },
  userInfo: { key: 'userInfo', path: paths.userInfo, icon: <UserContactOutline />, tone: 'gold' },
  identity: { key: 'identity', path: paths.infoAudit, icon: <CheckShieldOutline />, tone: 'green' },
  password: { key: 'password', path: `${paths.password}?tab=change`, icon: <LockOutline />, tone: 'purple' },
  withdrawMethods: {
    key: 'withdrawMethods',
    path: paths.withdrawMethods,
    icon: <BankcardOutline />,
    tone: 'orange',
  },
  tutorial: { key: 'tutorial', path: paths.introTutorial, icon: <QuestionCircleOutline />, tone: 'blue' },
  download: { key: 'download', path: paths.download, icon: <DownlandOutline />, tone: 'green' },
  customerService: {
    key: 'customerService',
    path: paths.customerService,
    icon: <MessageOutline />,
    tone: 'red',
  },
} as const satisfies Record<string, HubLink>;

/** The grid under the balance card, four across (UX.md section 3 "Entry grid"). */
export const shortcutLinks: readonly HubLink[] = [
  hubLinks.deposit,
  hubLinks.withdrawal,
  hubLinks.transfer,
  hubLinks.transRecord,
  hubLinks.audit,
  hubLinks.currency,
  hubLinks.mail,
  hubLinks.userInfo,
];

/** The hub's list groups, and the desktop sidebar's menu (which adds the money group). */
export const fundsGroup: HubGroup = {
  title: messages.mine.groups.funds,
  links: [
    hubLinks.deposit,
    hubLinks.withdrawal,
    hubLinks.transfer,
    hubLinks.transRecord,
    hubLinks.betRecord,
    hubLinks.audit,
    hubLinks.currency,
  ],
};

export const accountGroup: HubGroup = {
  title: messages.mine.groups.account,
  links: [hubLinks.userInfo, hubLinks.identity, hubLinks.password, hubLinks.withdrawMethods, hubLinks.mail],
};

export const helpGroup: HubGroup = {
  title: messages.mine.groups.help,
  links: [hubLinks.tutorial, hubLinks.download, hubLinks.customerService],
};

export const sidebarGroups: readonly HubGroup[] = [fundsGroup, accountGroup, helpGroup];

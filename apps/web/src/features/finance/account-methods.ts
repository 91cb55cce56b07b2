import type { WithdrawAccountKind } from '@site/contract';

export type AccountMethod = 'alipay' | 'wechat' | 'ebpay' | 'koipay' | 'digital';

export interface AccountMethodConfig {
  method: AccountMethod;
  addPath: string;
  listPath: string;
  /** The account kinds the method binds; USDT offers two networks. */
  kinds: readonly [WithdrawAccountKind, ...WithdrawAccountKind[]];
}

/** The e-wallet and USDT payout methods, each with its add page and list page (spec section 2). */
export const accountMethods = {
  alipay: {
    method: 'alipay',
    addPath: '/mine/addAlipayCard',
    listPath: '/mine/alipayAcount',
    kinds: ['alipay'],
  },
  wechat: {
    method: 'wechat',
    addPath: '/mine/addwechatCard',
    listPath: '/mine/wechatAcount',
    kinds: ['wechat'],
  },
  ebpay: { method: 'ebpay', addPath: '/mine/addEBpayCard', listPath: '/mine/ebpayAcount', kinds: ['ebpay'] },
  koipay: {
    method: 'koipay',
    addPath: '/mine/addKOIpayCard',
    listPath: '/mine/koipayAcount',
    kinds: ['koipay'],
  },
  digital: {
    method: 'digital',
    addPath: '/mine/addDigitalCard',
    listPath: '/mine/digitalAcount',
    kinds: ['usdt_trc20', 'usdt_erc20'],
  },
} as const satisfies Record<AccountMethod, AccountMethodConfig>;

const phonePattern = /^1\d{10}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's account-number rules, checked before sending so the field says what is wrong. */
export function isAccountNumberValid(kind: WithdrawAccountKind, value: string): boolean {
  switch (kind) {
    case 'bank':
      return /^\d{16,19}$/.test(value);
    case 'alipay':
      return phonePattern.test(value) || emailPattern.test(value);
    case 'wechat':
      return phonePattern.test(value) || /^[A-Za-z][-_A-Za-z0-9]{5,19}$/.test(value);
    case 'ebpay':
    case 'koipay':
      return /^[A-Za-z0-9]{6,32}$/.test(value);
    case 'usdt_trc20':
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value);
    case 'usdt_erc20':
      return /^0x[0-9a-fA-F]{40}$/.test(value);
    default: {
      const unhandled: never = kind;
      return unhandled;
    }
  }
}

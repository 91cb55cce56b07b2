import type { AdminDepositChannel, RouteBody } from '@site/contract';

export type ChannelUpdateBody = RouteBody<'adminDepositChannelUpdate'>;

/** What the edit form holds: the channel's settings, amounts as typed. */
export type ChannelSettings = Pick<
  AdminDepositChannel,
  'name' | 'tag' | 'minAmount' | 'maxAmount' | 'sort' | 'isEnabled'
>;

export const channelKindEnum = {
  bank: { text: '银行转账' },
  gateway: { text: '在线支付' },
} satisfies Record<AdminDepositChannel['kind'], { text: string }>;

export const channelGroupEnum = {
  bank: { text: '银行卡' },
  alipay: { text: '支付宝' },
  wechat: { text: '微信' },
  ebpay: { text: 'EBpay' },
  koipay: { text: 'KOIpay' },
  usdt: { text: 'USDT' },
} satisfies Record<AdminDepositChannel['group'], { text: string }>;

/** The update the server takes: every setting of the channel, `change` applied, text trimmed. */
export function channelUpdateBody(
  channel: AdminDepositChannel,
  change: Partial<ChannelSettings> = {},
): ChannelUpdateBody {
  const settings = { ...channel, ...change };
  return {
    channelId: channel.channelId,
    name: settings.name.trim(),
    tag: settings.tag.trim(),
    minAmount: settings.minAmount.trim(),
    maxAmount: settings.maxAmount.trim(),
    sort: settings.sort,
    isEnabled: settings.isEnabled,
  };
}

/** Yuan strings as the server prints them ("50" reads as "50.00"), for comparing and confirming. */
function yuanText(amount: string): string {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return `${String(Number(whole))}.${fraction.padEnd(2, '0')}`;
}

/** The changes in words, for the confirmation: nothing is saved unseen. */
export function describeChannelChanges(before: AdminDepositChannel, body: ChannelUpdateBody): string[] {
  const changes: string[] = [];
  if (body.name !== before.name) {
    changes.push(`名称：${before.name} → ${body.name}`);
  }
  if (body.tag !== before.tag) {
    changes.push(`角标：${before.tag || '无'} → ${body.tag || '无'}`);
  }
  const limitsBefore = `${before.minAmount} ~ ${before.maxAmount} 元`;
  const limitsAfter = `${yuanText(body.minAmount)} ~ ${yuanText(body.maxAmount)} 元`;
  if (limitsAfter !== limitsBefore) {
    changes.push(`单笔限额：${limitsBefore} → ${limitsAfter}`);
  }
  if (body.sort !== before.sort) {
    changes.push(`排序：${before.sort} → ${body.sort}`);
  }
  if (body.isEnabled !== before.isEnabled) {
    changes.push(
      body.isEnabled ? '启用：会员立即可以使用此通道' : '停用：会员立即看不到此通道，新订单将被拒绝',
    );
  }
  return changes;
}

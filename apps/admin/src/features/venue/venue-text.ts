import {
  type BetStatus,
  betStatusNames,
  type GameCategory,
  type SeamlessKind,
  seamlessKindNames,
  type VenueState,
} from '@site/contract';

/** Labels the venue pages share, as ProTable value enums. */

export const venueStateEnum = {
  open: { text: '开放', status: 'Success' },
  maintenance: { text: '维护中', status: 'Warning' },
  off: { text: '关闭', status: 'Default' },
  upcoming: { text: '即将开放', status: 'Processing' },
} satisfies Record<VenueState, { text: string; status: string }>;

export const categoryEnum = {
  TY: { text: '体育' },
  DJ: { text: '电竞' },
  ZR: { text: '真人' },
  DZ: { text: '电子' },
  CP: { text: '彩票' },
  QP: { text: '棋牌' },
  BY: { text: '捕鱼' },
} satisfies Record<GameCategory, { text: string }>;

export const walletModeEnum = {
  seamless: { text: '免转钱包' },
  transfer: { text: '转账钱包' },
} as const;

export const betStatusEnum = Object.fromEntries(
  Object.entries(betStatusNames).map(([status, text]) => [status, { text }]),
) as Record<BetStatus, { text: string }>;

export const seamlessKindEnum = Object.fromEntries(
  Object.entries(seamlessKindNames).map(([kind, text]) => [kind, { text }]),
) as Record<SeamlessKind, { text: string }>;

export const launchResultEnum = {
  ok: { text: '成功', status: 'Success' },
  refused: { text: '拒绝', status: 'Error' },
} as const;

export const yesNoEnum = {
  true: { text: '是' },
  false: { text: '否' },
} as const;

/** A yes/no select of the search form as the boolean the route wants, or nothing. */
export function booleanParam(value: unknown): boolean | undefined {
  return value === 'true' || value === true ? true : value === 'false' || value === false ? false : undefined;
}

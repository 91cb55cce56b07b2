import type {
  BlockKind,
  DepositStatus,
  IdentityReviewStatus,
  IdentityStatus,
  LinkKind,
  MemberSearchField,
  OperatorRole,
  WithdrawAccountKind,
  WithdrawStatus,
} from '@site/contract';

type Status = 'Default' | 'Processing' | 'Success' | 'Error' | 'Warning';
type ValueEnum<K extends string> = Record<K, { text: string; status?: Status }>;

export const depositStatusEnum = {
  pending: { text: '待处理', status: 'Processing' },
  paid: { text: '已到账', status: 'Success' },
  rejected: { text: '已拒绝', status: 'Error' },
  expired: { text: '已过期', status: 'Default' },
} satisfies ValueEnum<DepositStatus>;

export const withdrawStatusEnum = {
  pending: { text: '待审核', status: 'Processing' },
  approved: { text: '已通过', status: 'Success' },
  rejected: { text: '已拒绝', status: 'Error' },
} satisfies ValueEnum<WithdrawStatus>;

export const withdrawAccountKindEnum = {
  bank: { text: '银行卡' },
  alipay: { text: '支付宝' },
  wechat: { text: '微信' },
  ebpay: { text: 'EBPay' },
  koipay: { text: 'KOIPay' },
  usdt_trc20: { text: 'USDT-TRC20' },
  usdt_erc20: { text: 'USDT-ERC20' },
} satisfies ValueEnum<WithdrawAccountKind>;

export const memberStatusEnum = {
  active: { text: '正常', status: 'Success' },
  blocked: { text: '已封禁', status: 'Error' },
} satisfies ValueEnum<'active' | 'blocked'>;

export const memberSearchFieldEnum = {
  username: { text: '用户名' },
  phone: { text: '手机号' },
  realName: { text: '真实姓名' },
  ip: { text: '登录 IP' },
  device: { text: '设备标识' },
  inviteCode: { text: '邀请码' },
} satisfies ValueEnum<MemberSearchField>;

export const identityStatusEnum = {
  none: { text: '未提交', status: 'Default' },
  pending: { text: '待审核', status: 'Processing' },
  approved: { text: '已认证', status: 'Success' },
  rejected: { text: '已拒绝', status: 'Error' },
} satisfies ValueEnum<IdentityStatus>;

/** A verification in the review queue (实名审核). */
export const identityReviewStatusEnum = {
  pending: { text: '待审核', status: 'Processing' },
  approved: { text: '已通过', status: 'Success' },
  rejected: { text: '已拒绝', status: 'Error' },
} satisfies ValueEnum<IdentityReviewStatus>;

/** What two members share (关联账户). */
export const linkKindEnum = {
  device: { text: '设备' },
  ip: { text: 'IP' },
  payoutAccount: { text: '收款账户' },
} satisfies ValueEnum<LinkKind>;

export const adjustRequestStatusEnum = {
  pending: { text: '待审批', status: 'Processing' },
  approved: { text: '已批准', status: 'Success' },
  rejected: { text: '已拒绝', status: 'Error' },
} satisfies ValueEnum<'pending' | 'approved' | 'rejected'>;

export const adjustDirectionEnum = {
  credit: { text: '增加' },
  debit: { text: '扣减' },
} satisfies ValueEnum<'credit' | 'debit'>;

export const adjustWalletEnum = {
  main: { text: '中心钱包' },
  bonus: { text: '红利钱包' },
} satisfies ValueEnum<'main' | 'bonus'>;

export const blockKindEnum = {
  member: { text: '会员账号' },
  device: { text: '设备' },
  ip: { text: 'IP / 网段' },
} satisfies ValueEnum<BlockKind>;

/** Tag palettes whose text keeps a 4.5:1 contrast on their own background. */
export const roleColors = {
  super_admin: 'red',
  site_admin: 'magenta',
  finance: 'blue',
  risk: 'purple',
  support: 'geekblue',
  content: 'default',
} satisfies Record<OperatorRole, string>;

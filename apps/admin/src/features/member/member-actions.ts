import type { OperatorPermission, RouteResponse } from '@site/contract';

/** What a staff member may do on a member's detail page; buttons they may not press are not drawn. */
export interface MemberActions {
  mayNote: boolean;
  mayBlock: boolean;
  mayUnblock: boolean;
  mayAdjust: boolean;
  /** 重置密码 and 强制下线 (member.write: 风控, 站点管理员; never 客服). */
  mayResetPassword: boolean;
  mayForceLogout: boolean;
  /** The member's orders and wallet entries (cashier.read). */
  mayReadMoney: boolean;
}

export function memberActionsFor(
  permissions: ReadonlyArray<OperatorPermission>,
  status: 'active' | 'blocked',
): MemberActions {
  const mayWriteRisk = permissions.includes('risk.write');
  const mayWriteMember = permissions.includes('member.write');
  return {
    mayNote: permissions.includes('member.note'),
    mayBlock: mayWriteRisk && status === 'active',
    mayUnblock: mayWriteRisk && status === 'blocked',
    mayAdjust: permissions.includes('cashier.adjust'),
    mayResetPassword: mayWriteMember,
    mayForceLogout: mayWriteMember,
    mayReadMoney: permissions.includes('cashier.read'),
  };
}

/** Staff notes newest first, whatever order they arrive in. */
export function newestFirst<Note extends { id: number; createdAt: string }>(
  notes: ReadonlyArray<Note>,
): Note[] {
  return [...notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** The 人工调整 page prefilled with one member. */
export function adjustUrl(memberId: number): string {
  return `/cashier/adjust?${new URLSearchParams({ memberId: String(memberId) })}`;
}

/** What staff tell the member after a password reset: where the code went and what to do with it. */
export function resetSentText(sent: RouteResponse<'adminMemberResetPassword'>): string {
  const where = sent.channel === 'sms' ? `手机 ${sent.recipient}` : `邮箱 ${sent.recipient}`;
  return `验证码已发送至会员的${where}，5分钟内有效。请告知会员在登录页点「忘记密码」，用该验证码设置新密码；过期可在该页重新获取。原密码已失效，会员的登录会话均已结束。`;
}

/** Ledger transfer kinds as staff read them; an unknown kind shows as stored. */
const ledgerKindTexts: Record<string, string> = {
  deposit: '存款',
  withdrawal: '提现',
  withdrawal_hold: '提现冻结',
  withdrawal_release: '提现退回',
  withdrawal_fee: '提现手续费',
  withdrawal_fee_refund: '手续费退回',
  venue_transfer: '额度转换',
  bet: '投注',
  payout: '派彩',
  bonus: '红利',
  rebate: '返水',
  adjustment: '人工调整',
};

export function ledgerKindText(kind: string): string {
  return ledgerKindTexts[kind] ?? kind;
}

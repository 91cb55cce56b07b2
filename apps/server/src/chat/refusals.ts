import type { ChatRefusalReason, ErrorCode } from '@site/contract';
import { chatTextWidthMax } from '@site/contract';
import { AppError } from '../app-error.ts';

/** The code and Chinese text of each chat refusal; `msgData.reason` names it for the client. */
const refusals = {
  notLoggedIn: { code: 10004, message: '请先登录' },
  invalid: { code: 10003, message: '参数校验失败' },
  noRoom: { code: 10003, message: '聊天室不存在' },
  notInRoom: { code: 10001, message: '请先进入聊天室' },
  roomMaintenance: { code: 10001, message: '该聊天室维护中，请稍后再来' },
  allMaintenance: { code: 10001, message: '聊天室维护中，请稍后再来' },
  vipLevel: { code: 10001, message: '您的VIP等级不在本聊天室的发言范围内，只能查看消息' },
  muted: { code: 10001, message: '您已被禁言' },
  banned: { code: 10001, message: '您已被禁止发言，如有疑问请联系客服' },
  tooFast: { code: 6501, message: '发言过于频繁，请稍后再试' },
  tooLong: {
    code: 10003,
    message: `消息过长，最多 ${chatTextWidthMax / 2} 个汉字或 ${chatTextWidthMax} 个字母`,
  },
  bannedWord: { code: 10001, message: '消息含有违规内容，请修改后再发送' },
  contactDetails: { code: 10001, message: '禁止发布手机号、QQ、微信等联系方式或链接' },
  betNotFound: { code: 10001, message: '注单不存在，只能分享您自己的注单' },
  giftUnknown: { code: 10003, message: '礼物不存在' },
  giftPriceChanged: { code: 301220, message: '礼物价格已变更，请刷新后重试' },
  giftToSelf: { code: 10001, message: '不能给自己送礼物' },
  giftReceiverNotInSite: { code: 10001, message: '收礼会员不存在' },
  insufficientFunds: { code: 10001, message: '余额不足，请先充值' },
  giftIdReused: { code: 10003, message: '礼物订单号已用于另一份礼物' },
  systemOnly: { code: 10001, message: '比分消息仅由系统发布' },
} as const satisfies Record<ChatRefusalReason, { code: ErrorCode; message: string }>;

export function chatRefusal(reason: ChatRefusalReason, message?: string): AppError {
  const refusal = refusals[reason];
  return new AppError(refusal.code, message ?? refusal.message, { reason });
}

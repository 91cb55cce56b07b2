/**
 * The error catalogue of spec section 8. Every business failure the API answers carries one
 * of these codes in the envelope; the message is the Chinese text shown to the player.
 */
export const ErrorCode = {
  success: 6000,
  common: 10001,
  validation: 10003,
  auth: 10004,
  oldVersion: 10009,
  loggedInElsewhere: 6001,
  deviceBlocked: 10102,
  accountBlocked: 10104,
  passwordChanged: 10105,
  apiAuth: 10108,
  ipBlocked: 6031,
  ipRestricted: 6033,
  accessCaveat: 6032,
  maintenanceAlert: 6013,
  maintenance: 6014,
  validCode: 10409,
  nameError: 6002,
  imageCodeRequired: 6021,
  extremeVerification: 6022,
  cloudVerification: 6023,
  imageCodeError: 6024,
  ipUnusual: 6025,
  deviceUnusual: 6026,
  ipAndDeviceUnusual: 6027,
  longTimeError: 6028,
  loginRisk: 6029,
  deviceAuthLogin: 6035,
  deviceAuthCode: 6036,
  deviceAuthLock: 6037,
  deviceAuthExpired: 6038,
  deviceAuthExcessive: 6039,
  limitCode: 6501,
  uuidNull: 22007,
  imageFetchNetwork: 900000,
  giftPropertyChange: 301220,
  liveMaintenance: 600101,
  speedpay: 244102,
  venueMaintenance: 700101,
  venueClosed: 700102,
  venueUpcoming: 700103,
  venueDemoClosed: 700104,
  obRequestExpired: 400401,
  walletInsufficient: 700201,
  walletConflict: 700202,
  walletBetUnknown: 700203,
  walletBetCancelled: 700204,
  walletBetSettled: 700205,
  walletSessionInvalid: 700206,
  walletNotSeamless: 700207,
  lotteryGameUnavailable: 700301,
  lotteryIssueClosed: 700302,
  lotteryIssueUnknown: 700303,
  lotteryPlayUnknown: 700304,
  lotteryStakeOverLimit: 700305,
  lotteryTicketConflict: 700306,
  lotteryIssueDrawn: 700307,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCode = (typeof ErrorCode)[ErrorCodeName];

/** Chinese default message per code; every code has one (total map). */
export const errorMessages = {
  6000: '成功',
  10001: '操作失败，请稍后再试',
  10003: '参数校验失败',
  10004: '登录已失效，请重新登录',
  10009: '当前版本过低，请刷新页面或更新应用',
  6001: '您的账号已在其他地方登录',
  10102: '当前设备已被限制访问，请联系客服',
  10104: '账号已被冻结，请联系客服',
  10105: '密码已修改，请重新登录',
  10108: '接口鉴权失败，请刷新页面后重试',
  6031: '您所在的IP已被限制访问',
  6033: '您所在的地区暂不提供服务',
  6032: '访问受限，请稍后再试',
  6013: '系统即将维护，请注意保存',
  6014: '系统维护中，请稍后再试',
  10409: '验证码错误或已失效',
  6002: '用户名格式错误',
  6021: '请输入图形验证码',
  6022: '需要进行极验验证',
  6023: '需要进行云验证',
  6024: '图形验证码错误',
  6025: '登录IP异常，请完成验证',
  6026: '登录设备异常，请完成验证',
  6027: '登录IP和设备异常，请完成验证',
  6028: '长时间未操作，请重新登录',
  6029: '登录存在风险，请联系客服',
  6035: '设备验证登录失败',
  6036: '设备验证码错误',
  6037: '设备验证已锁定，请稍后再试',
  6038: '设备验证码已过期',
  6039: '设备验证次数过多，请稍后再试',
  6501: '请求过于频繁，请稍后再试',
  22007: '设备标识不能为空',
  900000: '图片加载失败，请检查网络',
  301220: '礼物属性已变更，请刷新后重试',
  600101: '直播维护中',
  244102: '极速支付处理中',
  700101: '场馆维护中，请稍后再试',
  700102: '该场馆已关闭',
  700103: '该场馆即将开放，敬请期待',
  700104: '该场馆暂不提供试玩',
  400401: '请求已过期，请重新进入场馆',
  700201: '余额不足',
  700202: '交易号或注单号已用于另一笔交易',
  700203: '注单不存在',
  700204: '注单已取消',
  700205: '注单已结算',
  700206: '游戏会话已失效，请重新进入场馆',
  700207: '该场馆不使用免转钱包',
  700301: '该彩种暂停销售',
  700302: '本期已封盘，请投注下一期',
  700303: '期号不存在或尚未开售',
  700304: '该彩种没有此玩法',
  700305: '单张彩票投注金额超过上限',
  700306: '该注单号已用于另一张彩票',
  700307: '本期已开奖，不能撤销',
} as const satisfies Record<ErrorCode, string>;

/** Venue success codes (IM, OB, FB flavours). FB code 0 counts as 100. */
export const venueSuccessCodes = [100, '0000000', 350] as const;
export const venueRelaunchCodes = { ob: 400401, fb: 14010 } as const;

/** Codes that end the session on the client: stored token and user info are cleared. */
export const authErrorCodes: readonly ErrorCode[] = [
  ErrorCode.loggedInElsewhere,
  ErrorCode.passwordChanged,
  ErrorCode.auth,
  ErrorCode.accountBlocked,
];

/** Client-side texts for transport failures (spec section 8, shared error types). */
export const transportErrorMessages = {
  network: '网络错误，请稍后重试',
  empty: '系统错误，请稍后重试或联系客服',
  cancelled: '请求已取消，请稍后重试',
  timeout: '连接超时，请稍后重试',
  offline: '网络连接已断开，请检查网络后重试',
  closed: '连接已中断，请检查网络后重试',
  unknown: '未知连接错误，请检查网络后重试',
  business: '未知业务异常',
} as const;
export type TransportErrorKind = keyof typeof transportErrorMessages;

export function isErrorCode(value: number): value is ErrorCode {
  return Object.hasOwn(errorMessages, value);
}

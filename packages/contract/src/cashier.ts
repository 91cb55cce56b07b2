import { z } from 'zod';
import { type Fen, fen, formatFen, parseYuan } from './format.ts';
import { int4IdSchema, int8IdSchema, pageQuery, sortQuery } from './http-schemas.ts';
import { venueCodeSchema } from './venue.ts';

/**
 * Cashier payloads: deposits, withdrawals, withdrawal accounts and the turnover audit.
 * Amounts travel as yuan strings with at most two decimals; the server holds them as fen.
 */
export const yuanAmountSchema = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, '金额格式错误，须为不超过两位小数的正数')
  .describe('yuan with at most two decimals, for example "100.00"');

/** A caller-made idempotency id: stored before sending, reused on retry. */
export const callerIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,40}$/, '须为 8-40 位字母、数字或 _-')
  .describe('caller-made idempotency id');

const isoTime = z.string().describe('ISO-8601 UTC time');

export const depositGroups = ['bank', 'alipay', 'wechat', 'ebpay', 'koipay', 'usdt'] as const;
export type DepositGroup = (typeof depositGroups)[number];

export const depositChannelSchema = z.object({
  channelId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['bank', 'gateway']),
  group: z.enum(depositGroups),
  tag: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

/** A channel as staff see it in the settings: enabled or not, with its display order. */
export const adminDepositChannelSchema = depositChannelSchema.extend({
  sort: z.number().int().describe('display order on the deposit page, smallest first'),
  isEnabled: z.boolean(),
  isOffered: z
    .boolean()
    .describe('members see it now: enabled, and a gateway channel only while the sandbox gateway serves'),
});
export type AdminDepositChannel = z.infer<typeof adminDepositChannelSchema>;

/** The most a channel's per-order limit may be set to: 10,000,000.00 yuan. */
export const depositChannelLimitMaxFen = fen(1_000_000_000n);
export const depositChannelSortMax = 9_999;

/**
 * Why a channel's per-order limits are not acceptable, naming the field; undefined when they are:
 * both positive, at most `depositChannelLimitMaxFen`, and the minimum not above the maximum.
 */
export function depositLimitsProblem(
  minAmount: string,
  maxAmount: string,
): { field: 'minAmount' | 'maxAmount'; message: string } | undefined {
  const minFen = parseYuan(minAmount);
  const maxFen = parseYuan(maxAmount);
  for (const [field, amountFen] of [
    ['minAmount', minFen],
    ['maxAmount', maxFen],
  ] as const) {
    if (amountFen === undefined || amountFen <= 0n) {
      return { field, message: '须为大于 0 的金额' };
    }
    if (amountFen > depositChannelLimitMaxFen) {
      return { field, message: `不能超过${formatFen(depositChannelLimitMaxFen)}元` };
    }
  }
  if (minFen !== undefined && maxFen !== undefined && minFen > maxFen) {
    return { field: 'maxAmount', message: '单笔最高金额不能低于最低金额' };
  }
  return undefined;
}

/** Staff change one channel of their site: its name and tag, per-order limits, order and on/off. */
export const depositChannelUpdateBodySchema = z
  .object({
    channelId: int4IdSchema,
    name: z.string().trim().min(1, '请输入通道名称').max(20, '通道名称不能超过 20 个字'),
    tag: z.string().trim().max(8, '角标不能超过 8 个字').default(''),
    minAmount: yuanAmountSchema,
    maxAmount: yuanAmountSchema,
    sort: z.int().min(0).max(depositChannelSortMax),
    isEnabled: z.boolean(),
  })
  .superRefine((body, context) => {
    const problem = depositLimitsProblem(body.minAmount, body.maxAmount);
    if (problem) {
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  });

export const depositStatuses = ['pending', 'paid', 'rejected', 'expired'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** What the console may sort the site's deposit orders by (the list's field names). */
export const adminDepositSortKeys = ['createdAt', 'amount', 'expiresAt'] as const;
export type AdminDepositSortKey = (typeof adminDepositSortKeys)[number];

export const adminDepositQuerySchema = pageQuery.extend({
  status: z.enum(depositStatuses).optional(),
  ...sortQuery(adminDepositSortKeys),
});

export const depositOrderSchema = z.object({
  orderNo: z.string(),
  orderId: z.string(),
  channelId: z.number().int(),
  amount: z.string(),
  status: z.enum(depositStatuses),
  payUrl: z.string().nullable().describe('sandbox gateway pay page; null for bank transfer'),
  bankAccount: z
    .object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() })
    .nullable()
    .describe('where to send a bank transfer; null for gateway channels'),
  createdAt: isoTime,
  expiresAt: isoTime,
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

export const depositCreateBodySchema = z.object({
  channelId: int4IdSchema,
  amount: yuanAmountSchema,
  orderId: callerIdSchema,
  depositorName: z.string().trim().max(32).optional(),
});

/** The sandbox gateway's notification; `signature` is HMAC-SHA256 over `depositCallbackPayload`. */
export const depositCallbackBodySchema = z.object({
  orderNo: z.string().min(1).max(64),
  amount: yuanAmountSchema,
  status: z.enum(['paid', 'cancelled']),
  timestamp: z.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/, '须为 64 位十六进制'),
});
export type DepositCallbackBody = z.infer<typeof depositCallbackBodySchema>;

export function depositCallbackPayload(body: Omit<DepositCallbackBody, 'signature'>): string {
  return [body.orderNo, body.amount, body.status, String(body.timestamp)].join('|');
}

export const operatorOrderBodySchema = z.object({
  orderNo: z.string().min(1).max(64),
  reason: z.string().trim().max(200).default(''),
});

export const fundsPasswordSchema = z.string().regex(/^\d{6}$/, '须为 6 位数字');

export const fundsPasswordSetBodySchema = z.object({
  fundsPassword: fundsPasswordSchema,
  confirmFundsPassword: z.string(),
});

export const fundsPasswordChangeBodySchema = fundsPasswordSetBodySchema.extend({
  oldFundsPassword: z.string().min(1).max(32),
});

export const withdrawAccountKinds = [
  'bank',
  'alipay',
  'wechat',
  'ebpay',
  'koipay',
  'usdt_trc20',
  'usdt_erc20',
] as const;
export type WithdrawAccountKind = (typeof withdrawAccountKinds)[number];

export const withdrawAccountAddBodySchema = z.object({
  kind: z.enum(withdrawAccountKinds),
  holderName: z
    .string()
    .trim()
    .min(1, '请输入姓名')
    .max(32)
    .optional()
    .describe("must equal the member's verified real name; when omitted the verified name is used"),
  accountNumber: z.string().trim().min(1, '请输入账号').max(64),
  bankCode: z.string().max(16).optional(),
});

export const withdrawAccountSchema = z.object({
  id: z.number().int(),
  kind: z.enum(withdrawAccountKinds),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  holderName: z.string(),
  accountNumber: z.string().describe('masked: only the last four characters show'),
  createdAt: isoTime,
});
export type WithdrawAccount = z.infer<typeof withdrawAccountSchema>;

export const bankSchema = z.object({ code: z.string(), name: z.string() });

export const withdrawApplyBodySchema = z.object({
  amount: yuanAmountSchema,
  withdrawAccountId: int8IdSchema,
  fundsPassword: z.string().min(1, '请输入资金密码').max(32),
  totpCode: z.string().max(16).optional(),
  requestId: callerIdSchema,
});

export const withdrawStatuses = ['pending', 'approved', 'rejected'] as const;
export type WithdrawStatus = (typeof withdrawStatuses)[number];

/** What the console may sort the site's withdrawals by (the list's field names). */
export const adminWithdrawSortKeys = ['createdAt', 'amount', 'reviewedAt'] as const;
export type AdminWithdrawSortKey = (typeof adminWithdrawSortKeys)[number];

export const adminWithdrawQuerySchema = pageQuery.extend({
  status: z.enum(withdrawStatuses).optional(),
  ...sortQuery(adminWithdrawSortKeys),
});

export const withdrawOrderSchema = z.object({
  orderNo: z.string(),
  requestId: z.string(),
  amount: z.string().describe('debited from the main wallet: fee plus actual payout'),
  fee: z.string().describe('手续费, house revenue; returned with the amount when the order is rejected'),
  actualAmount: z.string().describe('实际到账: amount minus fee, what the payout account receives'),
  status: z.enum(withdrawStatuses),
  accountKind: z.enum(withdrawAccountKinds),
  accountLabel: z.string(),
  reason: z.string(),
  createdAt: isoTime,
  reviewedAt: isoTime.nullable(),
});
export type WithdrawOrder = z.infer<typeof withdrawOrderSchema>;

export const adminWithdrawOrderSchema = withdrawOrderSchema.extend({
  memberId: z.number().int(),
  holderName: z.string(),
  accountNumber: z.string(),
  /** Who holds the pending order for review (until `lockedUntil`), or who decided it. */
  reviewer: z.string().nullable(),
  lockedUntil: isoTime.nullable(),
});

/**
 * A site's withdrawal fee (手续费): `rateBps` basis points of the amount, the percentage part rounded
 * up to the next whole fen (never in the member's favour, at most one fen against them), plus
 * `fixedFen`; when `capFen` is positive the fee never exceeds it. All zero (the default) is free.
 */
export interface WithdrawFeeRule {
  rateBps: number;
  fixedFen: Fen;
  capFen: Fen;
}

export const withdrawFeeRateBpsMax = 10_000;

export function withdrawFeeFen(amountFen: Fen, rule: WithdrawFeeRule): Fen {
  const rateFen = (amountFen * BigInt(rule.rateBps) + 9_999n) / 10_000n;
  const feeFen = rateFen + rule.fixedFen;
  return fen(rule.capFen > 0n && feeFen > rule.capFen ? rule.capFen : feeFen);
}

/** The withdrawal page's rules: per-order limits, the daily count and the fee the server will charge. */
export const withdrawInfoSchema = z.object({
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyCountMax: z.number().int(),
  fee: z.object({
    rateBps: z.number().int().describe('percentage part in basis points (100 = 1%), rounded up to the fen'),
    fixedAmount: z.string().describe('fixed part added per withdrawal, yuan'),
    capAmount: z.string().describe('the most one withdrawal pays; "0.00" means no cap'),
  }),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

export const withdrawFeeSetBodySchema = z.object({
  rateBps: z.number().int().min(0).max(withdrawFeeRateBpsMax),
  fixedAmount: z.union([z.literal('0'), yuanAmountSchema]),
  capAmount: z.union([z.literal('0'), yuanAmountSchema]),
});

/** The fee rule as it travels (yuan strings), from the fen the server holds. */
export function presentWithdrawFee(rule: WithdrawFeeRule): WithdrawInfo['fee'] {
  return { rateBps: rule.rateBps, fixedAmount: formatFen(rule.fixedFen), capAmount: formatFen(rule.capFen) };
}

/** The fee rule in fen from its wire form; undefined when an amount is malformed. */
export function parseWithdrawFee(fee: WithdrawInfo['fee']): WithdrawFeeRule | undefined {
  const fixedFen = parseYuan(fee.fixedAmount);
  const capFen = parseYuan(fee.capAmount);
  return fixedFen === undefined || capFen === undefined
    ? undefined
    : { rateBps: fee.rateBps, fixedFen, capFen };
}

export const turnoverSources = ['deposit', 'bonus', 'adjustment'] as const;

export const auditItemSchema = z.object({
  source: z.enum(turnoverSources),
  sourceRef: z.string(),
  requiredAmount: z.string(),
  completedAmount: z.string(),
  createdAt: isoTime,
});

export const auditSummarySchema = z.object({
  requiredAmount: z.string(),
  completedAmount: z.string(),
  remainingAmount: z.string(),
  isMet: z.boolean(),
  items: z.array(auditItemSchema),
});

/**
 * A member's turnover audit as staff see it: the member's own summary (the same figures as
 * `/fd/api/v1/audit/summary`), each requirement's remainder, and whether a withdrawal would pass
 * the rules now, with the reasons it would not.
 */
export const adminTurnoverAuditSchema = auditSummarySchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  items: z.array(
    auditItemSchema.extend({
      remainingAmount: z.string(),
      isMet: z.boolean(),
    }),
  ),
  withdrawal: z.object({
    isAllowed: z.boolean().describe('the rules checked on a withdrawal request pass now (balance aside)'),
    blockers: z.array(z.string()).describe('why a withdrawal would be refused now; empty when allowed'),
    hasFundsPassword: z.boolean(),
    payoutAccountCount: z.number().int(),
    withdrawalsToday: z.number().int().describe('since midnight Asia/Shanghai, rejected ones aside'),
    dailyCountMax: z.number().int(),
  }),
});
export type AdminTurnoverAudit = z.infer<typeof adminTurnoverAuditSchema>;

/** Withdrawal rules, in fen, and the deposit order lifetime. */
export const cashierLimits = {
  withdrawMinFen: 10_000n,
  withdrawMaxFen: 5_000_000n,
  withdrawDailyCountMax: 5,
  withdrawAccountCountMax: 10,
  depositOrderTtlMs: 30 * 60_000,
} as const;

export const venueTransferBodySchema = z.object({
  venueCode: venueCodeSchema.describe('a transfer-wallet venue of the site'),
  direction: z.enum(['in', 'out']),
  amount: yuanAmountSchema,
  transferId: callerIdSchema,
});

export const venueBalanceSchema = z.object({ venueCode: z.string(), name: z.string(), balance: z.string() });

export const venueTransferResultSchema = z.object({
  transferId: z.string(),
  venueCode: z.string(),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  mainBalance: z.string(),
  venueBalance: z.string(),
});

export const walletSummarySchema = z.object({
  mainBalance: z.string(),
  withdrawalHoldBalance: z.string(),
  bonusBalance: z.string(),
  venues: z.array(venueBalanceSchema),
  totalBalance: z.string(),
  isAutoTransfer: z.boolean(),
  hasFundsPassword: z.boolean().describe('whether a funds password is set; withdrawals need one'),
});

/** A record row's outcome: 交易成功 / 交易中… / 交易失败 (UX.md section 4 "Rows"). */
export const recordStatuses = ['success', 'pending', 'failed'] as const;
export type RecordStatus = (typeof recordStatuses)[number];

export const transactionRecordSchema = z.object({
  id: z.number().int(),
  transferId: z.string(),
  kind: z.string(),
  memo: z.string(),
  bucket: z.enum(['available', 'pending']),
  amount: z.string().describe('signed: negative leaves the wallet the records are of'),
  balanceAfter: z.string(),
  status: z
    .enum(recordStatuses)
    .describe('a withdrawal follows its order (pending until reviewed); others follow their transfer'),
  createdAt: isoTime,
});

/** The longest span one record query may cover (UX.md section 4: sites cap it, for example 31 days). */
export const recordRangeDaysMax = 31;
const recordRangeMsMax = recordRangeDaysMax * 86_400_000;
const utcTime = z.iso.datetime({ message: '须为 ISO-8601 UTC 时间，例如 2026-01-01T00:00:00.000Z' });

/**
 * A page of records, optionally within [startTime, endTime): ISO-8601 UTC instants, as every time
 * on the wire. The web client sends Asia/Shanghai day bounds; both ends come together or not at all.
 */
const recordQueryShape = pageQuery.extend({
  startTime: utcTime.optional().describe('inclusive start, ISO-8601 UTC'),
  endTime: utcTime.optional().describe('exclusive end, ISO-8601 UTC'),
});

function checkRecordRange(
  query: { startTime?: string | undefined; endTime?: string | undefined },
  context: z.RefinementCtx,
) {
  if ((query.startTime === undefined) !== (query.endTime === undefined)) {
    context.addIssue({ code: 'custom', path: ['endTime'], message: '开始时间与结束时间须同时提供' });
    return;
  }
  if (query.startTime === undefined || query.endTime === undefined) {
    return;
  }
  const spanMs = Date.parse(query.endTime) - Date.parse(query.startTime);
  if (spanMs < 0) {
    context.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间不能早于开始时间' });
  } else if (spanMs > recordRangeMsMax) {
    context.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: `查询时间范围不能超过${recordRangeDaysMax}天`,
    });
  }
}

/** A record query with more filters: the same page and time range, the range checked the same way. */
export function recordQueryWith<T extends z.ZodRawShape>(filters: T) {
  return recordQueryShape.extend(filters).superRefine(checkRecordRange);
}

export const recordQuerySchema = recordQueryWith({});
export type RecordQuery = z.output<typeof recordQuerySchema>;

/**
 * The main wallet's record types (交易记录's type filter), each a set of ledger kinds: a
 * withdrawal's hold and its return are both 提现, a venue transfer either way is 额度转换.
 */
export const transRecordTypes = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release'],
  transfer: ['venue_transfer'],
  bonus: ['bonus', 'rebate'],
  adjustment: ['adjustment'],
} as const satisfies Record<string, ReadonlyArray<string>>;
export type TransRecordType = keyof typeof transRecordTypes;

export const transRecordQuerySchema = recordQueryWith({
  type: z.enum(Object.keys(transRecordTypes) as [TransRecordType, ...TransRecordType[]]).optional(),
  status: z.enum(recordStatuses).optional().describe('the row status shown: 交易成功 / 交易中… / 交易失败'),
});
export type TransRecordQuery = z.output<typeof transRecordQuerySchema>;

/** A page of records with the sums of every row the query keeps (not only this page's). */
export const transRecordPageSchema = z.object({
  list: z.array(transactionRecordSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({
    inAmount: z.string().describe('存入: sum of incoming amounts'),
    outAmount: z.string().describe('支出: sum of outgoing amounts, positive'),
  }),
});

export const adjustmentBodySchema = z.object({
  memberId: int8IdSchema,
  direction: z.enum(['credit', 'debit']),
  amount: yuanAmountSchema,
  reason: z.string().trim().min(2, '请填写调整原因').max(200),
  adjustmentId: callerIdSchema,
  turnoverMultiple: z.number().int().min(0).max(50).default(0),
  wallet: z
    .enum(['main', 'bonus'])
    .default('main')
    .describe('bonus grants into the 红利钱包; its turnover requirement is added when moved to main'),
});

export const adjustmentResultSchema = z.object({
  adjustmentId: z.string(),
  /** `awaiting_approval`: above the site's threshold, nothing moved until a second staff member approves. */
  status: z.enum(['applied', 'awaiting_approval']),
  mainBalance: z.string(),
  bonusBalance: z.string(),
  isReplay: z.boolean(),
});

export const adjustmentRequestSchema = z.object({
  adjustmentId: z.string(),
  memberId: z.number().int(),
  direction: z.enum(['credit', 'debit']),
  wallet: z.enum(['main', 'bonus']),
  amount: z.string(),
  turnoverMultiple: z.number().int(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: isoTime,
  status: z.enum(['pending', 'approved', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  decisionReason: z.string(),
});

/** What the console may sort adjustment requests by (the list's field names). */
export const adjustmentRequestSortKeys = ['requestedAt', 'amount', 'decidedAt'] as const;
export type AdjustmentRequestSortKey = (typeof adjustmentRequestSortKeys)[number];

export const adjustmentRequestQuerySchema = pageQuery.extend({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  ...sortQuery(adjustmentRequestSortKeys),
});

export const adjustmentRuleSchema = z.object({ approvalThreshold: z.string() });

export const operatorActionSchema = z.object({
  id: z.number().int(),
  operatorUsername: z.string(),
  action: z.string(),
  target: z.string(),
  memberId: z.number().int().nullable(),
  amount: z.string(),
  reason: z.string(),
  createdAt: isoTime,
});

/**
 * Bonus wallet (红利钱包): activity bonuses and VIP rewards arrive here; moving them to the main
 * wallet adds a turnover requirement of this multiple of the amount (1x, as for deposits).
 */
export const bonusTurnoverMultiple = 1;

export const bonusWalletSchema = z.object({
  balance: z.string(),
  turnoverMultiple: z.number().int().describe('turnover required per yuan moved to the main wallet'),
});

export const bonusConvertBodySchema = z
  .object({
    amount: yuanAmountSchema.optional().describe('omit it and send isAll to move the whole balance'),
    isAll: z.boolean().optional(),
    transferId: callerIdSchema,
  })
  .refine((body) => (body.amount !== undefined) !== (body.isAll === true), {
    path: ['amount'],
    message: '请输入金额，或选择全部转入',
  });

export const bonusConvertResultSchema = z.object({
  transferId: z.string(),
  amount: z.string(),
  requiredTurnover: z.string().describe('turnover requirement this move added'),
  bonusBalance: z.string(),
  mainBalance: z.string(),
  isReplay: z.boolean(),
});

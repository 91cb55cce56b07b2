import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AdminDepositSortKey,
  cashierLimits,
  type DepositCallbackBody,
  type DepositChannel,
  type DepositOrder,
  depositCallbackPayload,
  type depositCreateBodySchema,
  formatFen,
  parseYuan,
  type SortRequest,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { GatewayPrincipal } from '../http/access.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import { addDepositRequirement } from './audit.ts';
import {
  accountsOf,
  type CashierContext,
  externalAccount,
  logOperatorAction,
  type MemberRef,
  type OperatorRef,
} from './context.ts';
import * as store from './store.ts';

/** Bank transfers take longer to arrive than a gateway payment. */
const bankOrderTtlMs = 24 * 3_600_000;

export function presentChannel(row: store.ChannelRow): DepositChannel {
  return {
    channelId: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    group: row.pay_group,
    tag: row.tag,
    minAmount: formatFen(row.min_fen),
    maxAmount: formatFen(row.max_fen),
  };
}

export function presentDeposit(row: store.DepositOrderRow, channel: store.ChannelRow): DepositOrder {
  const isBank = channel.kind === 'bank';
  return {
    orderNo: row.order_no,
    orderId: row.client_order_id,
    channelId: row.channel_id,
    amount: formatFen(row.amount_fen),
    status: row.status,
    payUrl: isBank ? null : `/sandbox/pay/${row.order_no}`,
    bankAccount: isBank
      ? {
          bankName: channel.bank_name,
          accountName: channel.bank_account_name,
          accountNumber: channel.bank_account_number,
        }
      : null,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

/** A channel members may pay through: enabled, and a gateway one only while the sandbox gateway serves. */
export function isChannelOffered(ctx: CashierContext, channel: store.ChannelRow): boolean {
  return channel.is_enabled && (channel.kind !== 'gateway' || ctx.isSandboxMode);
}

/** A yuan string the contract schema accepted, as positive fen; 10003 naming `field` otherwise. */
export function positiveFen(amount: string, field: string) {
  const amountFen = parseYuan(amount);
  if (amountFen === undefined || amountFen <= 0n) {
    throw validationError(field, '须为大于 0 的金额');
  }
  return amountFen;
}

export async function createDeposit(
  ctx: CashierContext,
  member: MemberRef,
  body: z.output<typeof depositCreateBodySchema>,
): Promise<DepositOrder> {
  const channel = await store.findChannel(ctx.db, member.siteId, body.channelId);
  if (!channel) {
    throw validationError('channelId', '支付通道不存在');
  }
  if (!isChannelOffered(ctx, channel)) {
    throw validationError('channelId', '该支付通道已关闭，请选择其他通道');
  }
  const amountFen = positiveFen(body.amount, 'amount');
  if (amountFen < channel.min_fen || amountFen > channel.max_fen) {
    throw validationError(
      'amount',
      `单笔充值限额${formatFen(channel.min_fen)}元至${formatFen(channel.max_fen)}元`,
    );
  }
  const nowMs = ctx.clock.now();
  const ttlMs = channel.kind === 'bank' ? bankOrderTtlMs : cashierLimits.depositOrderTtlMs;
  const row = await store.insertDepositOrder(ctx.db, {
    order_no: `D${randomBytes(12).toString('hex')}`,
    client_order_id: body.orderId,
    site_id: member.siteId,
    member_id: member.memberId,
    channel_id: channel.id,
    amount_fen: amountFen,
    depositor_name: body.depositorName ?? '',
    status: 'pending',
    created_at: new Date(nowMs),
    expires_at: new Date(nowMs + ttlMs),
  });
  if (row.channel_id !== channel.id || row.amount_fen !== amountFen) {
    throw validationError('orderId', '已用于另一笔不同的订单');
  }
  return presentDeposit(row, channel);
}

export async function pageMemberDeposits(
  ctx: CashierContext,
  member: MemberRef,
  page: { pageNum: number; pageSize: number },
) {
  await store.expireDueDepositOrders(ctx.db, member.memberId, new Date(ctx.clock.now()));
  return pageDeposits(ctx, { siteId: member.siteId, memberId: member.memberId }, page);
}

export async function pageDeposits(
  ctx: CashierContext,
  filter: { siteId: number; memberId?: bigint; status?: string },
  page: { pageNum: number; pageSize: number },
  sort: SortRequest<AdminDepositSortKey> = {},
) {
  const { list, total } = await store.pageDepositOrders(ctx.db, filter, page, sort);
  const channels = new Map((await store.listChannels(ctx.db, filter.siteId)).map((row) => [row.id, row]));
  const presented = [];
  for (const row of list) {
    const channel =
      channels.get(row.channel_id) ?? (await store.findChannel(ctx.db, row.site_id, row.channel_id));
    if (!channel) {
      throw new Error(`cashier: deposit ${row.order_no} names a missing channel`);
    }
    presented.push({ ...presentDeposit(row, channel), memberId: Number(row.member_id) });
  }
  return { list: presented, total, ...page };
}

/** The gateway's HMAC-SHA256 over the callback fields, hex. */
export function signCallback(secret: string, body: Omit<DepositCallbackBody, 'signature'>): string {
  return createHmac('sha256', secret).update(depositCallbackPayload(body)).digest('hex');
}

/**
 * The sandbox gateway as the caller of its callback route: its HMAC over the notification's
 * fields must match. Checked on the raw body before the payload is validated, so an unsigned
 * caller learns nothing about which fields it got wrong.
 */
export function authenticateSandboxGateway(ctx: CashierContext, body: unknown): GatewayPrincipal {
  const field = (name: string): unknown =>
    typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  const [orderNo, amount, status, timestamp, signature] = [
    field('orderNo'),
    field('amount'),
    field('status'),
    field('timestamp'),
    field('signature'),
  ];
  const isShaped =
    typeof orderNo === 'string' &&
    typeof amount === 'string' &&
    (status === 'paid' || status === 'cancelled') &&
    typeof timestamp === 'number' &&
    typeof signature === 'string' &&
    /^[0-9a-f]{64}$/.test(signature);
  if (!isShaped) {
    throw new AppError(10108, '回调签名错误');
  }
  const expected = Buffer.from(
    signCallback(ctx.gatewaySecret, { orderNo, amount, status, timestamp }),
    'hex',
  );
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new AppError(10108, '回调签名错误');
  }
  return { gateway: 'sandbox' };
}

/**
 * A gateway notification, its signature verified by `authenticateSandboxGateway`. Only one for a
 * known order with its exact amount acts: `paid` credits once (the ledger transfer id derives
 * from the order number), `cancelled` closes a pending order. A replay answers the order's status
 * and changes nothing.
 */
export async function handleGatewayCallback(ctx: CashierContext, body: DepositCallbackBody) {
  const order = await store.findDepositOrder(ctx.db, body.orderNo);
  const channel = order ? await store.findChannel(ctx.db, order.site_id, order.channel_id) : undefined;
  if (!order || channel?.kind !== 'gateway') {
    throw validationError('orderNo', '订单不存在');
  }
  if (parseYuan(body.amount) !== order.amount_fen) {
    throw validationError('amount', '与订单金额不符');
  }
  const settled =
    body.status === 'paid'
      ? await markPaid(ctx, order, channel)
      : await closeOrder(ctx, order, { status: 'rejected', reason: '支付已取消' });
  return { orderNo: settled.order_no, status: settled.status };
}

type AfterMove = (tx: Db, row: store.DepositOrderRow) => Promise<void>;

/** Credits a pending order in one transaction; an order already paid answers as it is. */
async function markPaid(
  ctx: CashierContext,
  order: store.DepositOrderRow,
  channel: store.ChannelRow,
  afterMove: AfterMove = async () => {},
): Promise<store.DepositOrderRow> {
  const current = await expireIfDue(ctx, order);
  if (current.status === 'paid') {
    return current;
  }
  const { main } = accountsOf({ siteId: order.site_id, memberId: order.member_id });
  const external = externalAccount(
    order.site_id,
    channel.kind === 'bank' ? 'bank_transfer' : 'sandbox_gateway',
  );
  const at = new Date(ctx.clock.now());
  const paid = await ctx.ledger.atomically([main, external], async (tx, money) => {
    const moved = await store.resolveDepositOrder(tx, order.order_no, { status: 'paid', reason: '', at });
    if (!moved) {
      return undefined;
    }
    await money.transfer({
      transferId: transferIds.deposit(order.order_no),
      debitAccount: external,
      creditAccount: main,
      amountFen: order.amount_fen,
      kind: 'deposit',
      memo: channel.name,
    });
    await addDepositRequirement(tx, moved, at);
    await afterMove(tx, moved);
    return moved;
  });
  return paid ?? settledOrThrow(ctx, order.order_no, 'paid');
}

async function closeOrder(
  ctx: CashierContext,
  order: store.DepositOrderRow,
  change: { status: 'rejected'; reason: string },
  afterMove: AfterMove = async () => {},
): Promise<store.DepositOrderRow> {
  const current = await expireIfDue(ctx, order);
  if (current.status !== 'pending') {
    return current;
  }
  const at = new Date(ctx.clock.now());
  const closed = await ctx.db.transaction().execute(async (tx) => {
    const moved = await store.resolveDepositOrder(tx, order.order_no, { ...change, at });
    if (moved) {
      await afterMove(tx, moved);
    }
    return moved;
  });
  return closed ?? settledOrThrow(ctx, order.order_no, change.status);
}

async function expireIfDue(
  ctx: CashierContext,
  order: store.DepositOrderRow,
): Promise<store.DepositOrderRow> {
  const at = new Date(ctx.clock.now());
  if (order.status !== 'pending' || order.expires_at > at) {
    return order;
  }
  await store.resolveDepositOrder(ctx.db, order.order_no, { status: 'expired', reason: '订单已过期', at });
  return settledOrThrow(ctx, order.order_no, 'expired');
}

/** Another call settled the order first: the same outcome is a replay, any other closes it. */
async function settledOrThrow(ctx: CashierContext, orderNo: string, wanted: store.DepositOrderRow['status']) {
  const row = await store.findDepositOrder(ctx.db, orderNo);
  if (!row) {
    throw new Error(`cashier: deposit ${orderNo} vanished`);
  }
  if (row.status !== wanted) {
    throw new AppError(10001, `订单已${statusTexts[row.status]}`);
  }
  return row;
}

const statusTexts = {
  pending: '待处理',
  paid: '支付',
  rejected: '关闭',
  expired: '过期',
} as const satisfies Record<store.DepositOrderRow['status'], string>;

async function operatorOrder(ctx: CashierContext, operator: OperatorRef, orderNo: string) {
  const order = await store.findDepositOrder(ctx.db, orderNo);
  const channel = order ? await store.findChannel(ctx.db, order.site_id, order.channel_id) : undefined;
  if (!order || order.site_id !== operator.siteId || channel?.kind !== 'bank') {
    throw validationError('orderNo', '银行转账订单不存在');
  }
  return { order, channel };
}

export async function confirmDeposit(
  ctx: CashierContext,
  operator: OperatorRef,
  body: { orderNo: string; reason: string },
) {
  const { order, channel } = await operatorOrder(ctx, operator, body.orderNo);
  const paid = await markPaid(ctx, order, channel, (tx, row) =>
    logOperatorAction(tx, ctx, operator, {
      action: 'deposit_confirm',
      target: row.order_no,
      memberId: row.member_id,
      amountFen: row.amount_fen,
      reason: body.reason,
    }),
  );
  return presentDeposit(paid, channel);
}

export async function rejectDeposit(
  ctx: CashierContext,
  operator: OperatorRef,
  body: { orderNo: string; reason: string },
) {
  const { order, channel } = await operatorOrder(ctx, operator, body.orderNo);
  const closed = await closeOrder(ctx, order, { status: 'rejected', reason: body.reason }, (tx, row) =>
    logOperatorAction(tx, ctx, operator, {
      action: 'deposit_reject',
      target: row.order_no,
      memberId: row.member_id,
      amountFen: row.amount_fen,
      reason: body.reason,
    }),
  );
  if (closed.status !== 'rejected') {
    throw new AppError(10001, `订单已${statusTexts[closed.status]}`);
  }
  return presentDeposit(closed, channel);
}

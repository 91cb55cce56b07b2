import type { Fen } from '@site/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { OperatorAction } from './tables.ts';

/** The only file that writes SQL for the cashier tables. */

export async function listChannels(db: Db, siteId: number) {
  return db
    .selectFrom('cashier_deposit_channels')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .execute();
}

export async function findChannel(db: Db, siteId: number, channelId: number) {
  return db
    .selectFrom('cashier_deposit_channels')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', channelId)
    .executeTakeFirst();
}

export type ChannelRow = NonNullable<Awaited<ReturnType<typeof findChannel>>>;

type NewDepositOrder = Omit<Database['cashier_deposit_orders'], 'id' | 'reason' | 'resolved_at'>;

/** Inserts the order unless the member already used its client order id; answers the stored row. */
export async function insertDepositOrder(db: Db, order: NewDepositOrder) {
  await db
    .insertInto('cashier_deposit_orders')
    .values(order)
    .onConflict((conflict) => conflict.columns(['member_id', 'client_order_id']).doNothing())
    .execute();
  return db
    .selectFrom('cashier_deposit_orders')
    .selectAll()
    .where('member_id', '=', order.member_id)
    .where('client_order_id', '=', order.client_order_id)
    .executeTakeFirstOrThrow();
}

export async function findDepositOrder(db: Db, orderNo: string) {
  return db
    .selectFrom('cashier_deposit_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
}

export type DepositOrderRow = NonNullable<Awaited<ReturnType<typeof findDepositOrder>>>;

/** Moves a pending order to its final status; answers the row only if this call moved it. */
export async function resolveDepositOrder(
  db: Db,
  orderNo: string,
  change: { status: 'paid' | 'rejected' | 'expired'; reason: string; at: Date },
) {
  return db
    .updateTable('cashier_deposit_orders')
    .set({ status: change.status, reason: change.reason, resolved_at: change.at })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function expireDueDepositOrders(db: Db, memberId: bigint, now: Date) {
  await db
    .updateTable('cashier_deposit_orders')
    .set({ status: 'expired', resolved_at: now })
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

export async function pageDepositOrders(
  db: Db,
  filter: { siteId: number; memberId?: bigint; status?: string },
  page: { pageNum: number; pageSize: number },
) {
  return pageOrders(db, 'cashier_deposit_orders', filter, page);
}

export async function findSettings(db: Db, memberId: bigint) {
  return db
    .selectFrom('cashier_member_settings')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Locks the member's settings row: withdrawals of one member run one at a time behind it. */
export async function lockSettings(db: Db, memberId: bigint) {
  return db
    .selectFrom('cashier_member_settings')
    .selectAll()
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function upsertFundsPassword(
  db: Db,
  member: { memberId: bigint; siteId: number },
  passwordHash: string,
  at: Date,
) {
  await db
    .insertInto('cashier_member_settings')
    .values({
      member_id: member.memberId,
      site_id: member.siteId,
      funds_password_hash: passwordHash,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({ funds_password_hash: passwordHash, updated_at: at }),
    )
    .execute();
}

/** Counts a wrong funds password; the `failuresMax`-th locks it until `lockedUntil`. */
export async function recordFundsPasswordFailure(
  db: Db,
  memberId: bigint,
  policy: { failuresMax: number; lockedUntil: Date },
) {
  await db
    .updateTable('cashier_member_settings')
    .set({
      funds_password_failures: sql<number>`case when funds_password_failures + 1 >= ${policy.failuresMax} then 0 else funds_password_failures + 1 end`,
      funds_password_locked_until: sql<Date | null>`case when funds_password_failures + 1 >= ${policy.failuresMax} then ${policy.lockedUntil}::timestamptz else funds_password_locked_until end`,
    })
    .where('member_id', '=', memberId)
    .execute();
}

export async function clearFundsPasswordFailures(db: Db, memberId: bigint) {
  await db
    .updateTable('cashier_member_settings')
    .set({ funds_password_failures: 0, funds_password_locked_until: null })
    .where('member_id', '=', memberId)
    .where('funds_password_failures', '>', 0)
    .execute();
}

type NewWithdrawAccount = Omit<Database['cashier_withdraw_accounts'], 'id' | 'is_deleted'>;

export async function insertWithdrawAccount(db: Db, account: NewWithdrawAccount) {
  return db.insertInto('cashier_withdraw_accounts').values(account).returningAll().executeTakeFirstOrThrow();
}

export async function listWithdrawAccounts(db: Db, memberId: bigint) {
  return db
    .selectFrom('cashier_withdraw_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();
}

export type WithdrawAccountRow = Awaited<ReturnType<typeof listWithdrawAccounts>>[number];

export async function deleteWithdrawAccount(db: Db, memberId: bigint, accountId: bigint): Promise<boolean> {
  const result = await db
    .updateTable('cashier_withdraw_accounts')
    .set({ is_deleted: true })
    .where('member_id', '=', memberId)
    .where('id', '=', accountId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findWithdrawOrderByRequest(db: Db, memberId: bigint, requestId: string) {
  return db
    .selectFrom('cashier_withdraw_orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function findWithdrawOrder(db: Db, orderNo: string) {
  return db
    .selectFrom('cashier_withdraw_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
}

export type WithdrawOrderRow = NonNullable<Awaited<ReturnType<typeof findWithdrawOrder>>>;

/** The statuses of a member's withdrawal orders among `orderNos`, in one query. */
export async function withdrawStatusesOf(db: Db, memberId: bigint, orderNos: ReadonlyArray<string>) {
  if (orderNos.length === 0) {
    return new Map<string, WithdrawOrderRow['status']>();
  }
  const rows = await db
    .selectFrom('cashier_withdraw_orders')
    .select(['order_no', 'status'])
    .where('member_id', '=', memberId)
    .where('order_no', 'in', orderNos)
    .execute();
  return new Map(rows.map((row) => [row.order_no, row.status]));
}

export async function countWithdrawalsSince(db: Db, memberId: bigint, since: Date): Promise<number> {
  const row = await db
    .selectFrom('cashier_withdraw_orders')
    .select((eb) => eb.fn.countAll<bigint>().as('total'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('status', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

type NewWithdrawOrder = Omit<Database['cashier_withdraw_orders'], 'id' | 'reason' | 'reviewed_at' | 'status'>;

export async function insertWithdrawOrder(db: Db, order: NewWithdrawOrder) {
  return db
    .insertInto('cashier_withdraw_orders')
    .values({ ...order, status: 'pending' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function reviewWithdrawOrder(
  db: Db,
  orderNo: string,
  change: { status: 'approved' | 'rejected'; reason: string; at: Date },
) {
  return db
    .updateTable('cashier_withdraw_orders')
    .set({ status: change.status, reason: change.reason, reviewed_at: change.at })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function pageWithdrawOrders(
  db: Db,
  filter: { siteId: number; memberId?: bigint; status?: string },
  page: { pageNum: number; pageSize: number },
) {
  return pageOrders(db, 'cashier_withdraw_orders', filter, page);
}

export async function insertRequirement(
  db: Db,
  requirement: Omit<Database['cashier_turnover_requirements'], 'id' | 'completed_fen'>,
) {
  await db
    .insertInto('cashier_turnover_requirements')
    .values(requirement)
    .onConflict((conflict) => conflict.columns(['source', 'source_ref']).doNothing())
    .execute();
}

export async function listRequirements(db: Db, memberId: bigint) {
  return db
    .selectFrom('cashier_turnover_requirements')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/** Open requirements, oldest first, locked so concurrent valid bets fill them one at a time. */
export async function lockOpenRequirements(db: Db, memberId: bigint) {
  return db
    .selectFrom('cashier_turnover_requirements')
    .select(['id', 'required_fen', 'completed_fen'])
    .where('member_id', '=', memberId)
    .where(sql<boolean>`completed_fen < required_fen`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setRequirementCompleted(db: Db, id: bigint, completedFen: Fen) {
  await db
    .updateTable('cashier_turnover_requirements')
    .set({ completed_fen: completedFen })
    .where('id', '=', id)
    .execute();
}

export async function hasOpenRequirement(db: Db, memberId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('cashier_turnover_requirements')
    .select('id')
    .where('member_id', '=', memberId)
    .where(sql<boolean>`completed_fen < required_fen`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOperatorAction(
  db: Db,
  action: {
    siteId: number;
    operatorId: bigint;
    operatorUsername: string;
    action: OperatorAction;
    target: string;
    memberId: bigint | null;
    amountFen: Fen;
    reason: string;
    at: Date;
  },
) {
  await db
    .insertInto('cashier_operator_actions')
    .values({
      site_id: action.siteId,
      operator_id: action.operatorId,
      operator_username: action.operatorUsername,
      action: action.action,
      target: action.target,
      member_id: action.memberId,
      amount_fen: action.amountFen,
      reason: action.reason,
      created_at: action.at,
    })
    .execute();
}

export async function pageOperatorActions(
  db: Db,
  siteId: number,
  page: { pageNum: number; pageSize: number },
) {
  const query = db.selectFrom('cashier_operator_actions').where('site_id', '=', siteId);
  const [list, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .offset((page.pageNum - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

export async function upsertAutoTransfer(
  db: Db,
  member: { memberId: bigint; siteId: number },
  isAutoTransfer: boolean,
  at: Date,
) {
  await db
    .insertInto('cashier_member_settings')
    .values({
      member_id: member.memberId,
      site_id: member.siteId,
      funds_password_hash: null,
      is_auto_transfer: isAutoTransfer,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({ is_auto_transfer: isAutoTransfer, updated_at: at }),
    )
    .execute();
}

interface OrderFilter {
  siteId: number;
  memberId?: bigint;
  status?: string;
}

/** Deposit and withdrawal orders page the same way: newest first, by site, member and status. */
async function pageOrders<T extends 'cashier_deposit_orders' | 'cashier_withdraw_orders'>(
  db: Db,
  table: T,
  filter: OrderFilter,
  page: { pageNum: number; pageSize: number },
) {
  const base = db.selectFrom(table as 'cashier_deposit_orders').where('site_id', '=', filter.siteId);
  const byMember = filter.memberId === undefined ? base : base.where('member_id', '=', filter.memberId);
  const query =
    filter.status === undefined ? byMember : byMember.where('status', '=', filter.status as 'pending');
  const [list, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .offset((page.pageNum - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: list as Selectable<Database[T]>[], total: Number(count.total) };
}

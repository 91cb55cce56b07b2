import type {
  AdjustmentRequestSortKey,
  AdminDepositSortKey,
  AdminWithdrawSortKey,
  Fen,
  SortRequest,
} from '@site/contract';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type DayRange, localDayOf } from '../db/days.ts';
import { fetchPage, orderByKey } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';

/** The only file that writes SQL for the cashier tables. */

export async function listChannels(db: Db, siteId: number) {
  return db
    .selectFrom('cashier_deposit_channels')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Gives a new site the channels of another, as they are set there (the demo's second site). */
export async function copyChannels(db: Db, fromSiteId: number, toSiteId: number) {
  await db
    .insertInto('cashier_deposit_channels')
    .columns([
      'site_id',
      'code',
      'name',
      'kind',
      'pay_group',
      'tag',
      'min_fen',
      'max_fen',
      'sort',
      'is_enabled',
      'bank_name',
      'bank_account_name',
      'bank_account_number',
    ])
    .expression((eb) =>
      eb
        .selectFrom('cashier_deposit_channels')
        .select([
          sql.lit(toSiteId).as('site_id'),
          'code',
          'name',
          'kind',
          'pay_group',
          'tag',
          'min_fen',
          'max_fen',
          'sort',
          'is_enabled',
          'bank_name',
          'bank_account_name',
          'bank_account_number',
        ])
        .where('site_id', '=', fromSiteId),
    )
    .onConflict((conflict) => conflict.columns(['site_id', 'code']).doNothing())
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

/** Every channel of the site, enabled or not, in display order: the operator's settings view. */
export async function listSiteChannels(db: Db, siteId: number) {
  return db
    .selectFrom('cashier_deposit_channels')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The site's channel, locked until the transaction ends, so two changes apply one after the other. */
export async function lockChannel(db: Db, siteId: number, channelId: number) {
  return db
    .selectFrom('cashier_deposit_channels')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', channelId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateChannelSettings(
  db: Db,
  channelId: number,
  settings: Pick<ChannelRow, 'name' | 'tag' | 'min_fen' | 'max_fen' | 'sort' | 'is_enabled'>,
) {
  return db
    .updateTable('cashier_deposit_channels')
    .set(settings)
    .where('id', '=', channelId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

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

const depositSortColumns = {
  createdAt: 'created_at',
  amount: 'amount_fen',
  expiresAt: 'expires_at',
} as const satisfies Record<AdminDepositSortKey, keyof Database['cashier_deposit_orders']>;

export async function pageDepositOrders(
  db: Db,
  filter: { siteId: number; memberId?: bigint; status?: string },
  page: { pageNum: number; pageSize: number },
  sort: SortRequest<AdminDepositSortKey> = {},
) {
  return pageOrders(db, 'cashier_deposit_orders', filter, page, { sort, columns: depositSortColumns });
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

/** A member's withdrawal orders, optionally those created within [from, to), by the member index. */
export async function withdrawOrdersCreatedWithin(
  db: Db,
  memberId: bigint,
  range: { from: Date; to: Date } | undefined,
) {
  const query = db
    .selectFrom('cashier_withdraw_orders')
    .select(['order_no', 'status'])
    .where('member_id', '=', memberId);
  return (
    range ? query.where('created_at', '>=', range.from).where('created_at', '<', range.to) : query
  ).execute();
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

export async function findWithdrawFeeRule(db: Db, siteId: number) {
  return db
    .selectFrom('cashier_withdraw_fee_rules')
    .select(['rate_bps', 'fixed_fen', 'cap_fen'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export async function upsertWithdrawFeeRule(
  db: Db,
  rule: { siteId: number; rateBps: number; fixedFen: Fen; capFen: Fen; at: Date },
) {
  const values = {
    rate_bps: rule.rateBps,
    fixed_fen: rule.fixedFen,
    cap_fen: rule.capFen,
    updated_at: rule.at,
  };
  await db
    .insertInto('cashier_withdraw_fee_rules')
    .values({ site_id: rule.siteId, ...values })
    .onConflict((conflict) => conflict.column('site_id').doUpdateSet(values))
    .execute();
}

type NewWithdrawOrder = Omit<
  Database['cashier_withdraw_orders'],
  | 'id'
  | 'reason'
  | 'reviewed_at'
  | 'status'
  | 'reviewer_operator_id'
  | 'reviewer_username'
  | 'review_locked_until'
>;

export async function insertWithdrawOrder(db: Db, order: NewWithdrawOrder) {
  return db
    .insertInto('cashier_withdraw_orders')
    .values({ ...order, status: 'pending' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A pending order that nobody else holds for review right now. */
function isFreeFor(reviewer: { operatorId: bigint }, now: Date) {
  return (eb: ExpressionBuilder<Database, 'cashier_withdraw_orders'>) =>
    eb.or([
      eb('review_locked_until', 'is', null),
      eb('review_locked_until', '<=', now),
      eb('reviewer_operator_id', '=', reviewer.operatorId),
    ]);
}

/** Takes a pending order for review until `until`, unless another reviewer holds it. */
export async function lockWithdrawOrder(
  db: Db,
  orderNo: string,
  reviewer: { operatorId: bigint; username: string },
  now: Date,
  until: Date,
) {
  return db
    .updateTable('cashier_withdraw_orders')
    .set({
      reviewer_operator_id: reviewer.operatorId,
      reviewer_username: reviewer.username,
      review_locked_until: until,
    })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'pending')
    .where(isFreeFor(reviewer, now))
    .returningAll()
    .executeTakeFirst();
}

/** Lets go of an order the reviewer holds; false when they did not hold it. */
export async function unlockWithdrawOrder(db: Db, orderNo: string, reviewer: { operatorId: bigint }) {
  const row = await db
    .updateTable('cashier_withdraw_orders')
    .set({ reviewer_operator_id: null, reviewer_username: null, review_locked_until: null })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'pending')
    .where('reviewer_operator_id', '=', reviewer.operatorId)
    .returning('order_no')
    .executeTakeFirst();
  return row !== undefined;
}

/** Decides a pending order nobody else holds; the decider is recorded as its reviewer. */
export async function reviewWithdrawOrder(
  db: Db,
  orderNo: string,
  change: {
    status: 'approved' | 'rejected';
    reason: string;
    at: Date;
    reviewer: { operatorId: bigint; username: string };
  },
) {
  return db
    .updateTable('cashier_withdraw_orders')
    .set({
      status: change.status,
      reason: change.reason,
      reviewed_at: change.at,
      reviewer_operator_id: change.reviewer.operatorId,
      reviewer_username: change.reviewer.username,
      review_locked_until: null,
    })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'pending')
    .where(isFreeFor(change.reviewer, change.at))
    .returningAll()
    .executeTakeFirst();
}

const withdrawSortColumns = {
  createdAt: 'created_at',
  amount: 'amount_fen',
  reviewedAt: 'reviewed_at',
} as const satisfies Record<AdminWithdrawSortKey, keyof Database['cashier_withdraw_orders']>;

export async function pageWithdrawOrders(
  db: Db,
  filter: { siteId: number; memberId?: bigint; status?: string },
  page: { pageNum: number; pageSize: number },
  sort: SortRequest<AdminWithdrawSortKey> = {},
) {
  return pageOrders(db, 'cashier_withdraw_orders', filter, page, { sort, columns: withdrawSortColumns });
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

/**
 * Deposit and withdrawal orders page the same way: by site, member and status, newest first
 * unless the caller sorts by one of the table's sort columns.
 */
async function pageOrders<T extends 'cashier_deposit_orders' | 'cashier_withdraw_orders', Key extends string>(
  db: Db,
  table: T,
  filter: OrderFilter,
  page: { pageNum: number; pageSize: number },
  order: { sort: SortRequest<Key>; columns: Readonly<Record<Key, string>> },
) {
  const base = db.selectFrom(table as 'cashier_deposit_orders').where('site_id', '=', filter.siteId);
  const byMember = filter.memberId === undefined ? base : base.where('member_id', '=', filter.memberId);
  const query =
    filter.status === undefined ? byMember : byMember.where('status', '=', filter.status as 'pending');
  const { list, total } = await fetchPage(
    query,
    (filtered) =>
      orderByKey(filtered.selectAll(), order.sort, {
        columns: order.columns,
        tiebreak: 'id',
        byDefault: (rows) => rows.orderBy('id', 'desc'),
      }),
    page,
  );
  return { list: list as Selectable<Database[T]>[], total };
}

export async function findAdjustmentRule(db: Db, siteId: number) {
  return db
    .selectFrom('cashier_adjustment_rules')
    .select('approval_threshold_fen')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export async function upsertAdjustmentRule(db: Db, rule: { siteId: number; thresholdFen: Fen; at: Date }) {
  await db
    .insertInto('cashier_adjustment_rules')
    .values({ site_id: rule.siteId, approval_threshold_fen: rule.thresholdFen, updated_at: rule.at })
    .onConflict((conflict) =>
      conflict
        .column('site_id')
        .doUpdateSet({ approval_threshold_fen: rule.thresholdFen, updated_at: rule.at }),
    )
    .execute();
}

export type AdjustmentRequestRow = Selectable<Database['cashier_adjustment_requests']>;

export async function findAdjustmentRequest(db: Db, siteId: number, adjustmentId: string) {
  return db
    .selectFrom('cashier_adjustment_requests')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('adjustment_id', '=', adjustmentId)
    .executeTakeFirst();
}

/** Inserts the request unless its adjustment id is taken; undefined then. */
export async function insertAdjustmentRequest(
  db: Db,
  request: Omit<
    Database['cashier_adjustment_requests'],
    'id' | 'status' | 'decided_by_id' | 'decided_by_username' | 'decided_at' | 'decision_reason'
  >,
) {
  return db
    .insertInto('cashier_adjustment_requests')
    .values({
      ...request,
      status: 'pending',
      decided_by_id: null,
      decided_by_username: null,
      decided_at: null,
    })
    .onConflict((conflict) => conflict.columns(['site_id', 'adjustment_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Decides a pending request; undefined when it was decided already. */
export async function decideAdjustmentRequest(
  db: Db,
  id: bigint,
  decision: {
    status: 'approved' | 'rejected';
    by: { operatorId: bigint; username: string };
    reason: string;
    at: Date;
  },
) {
  return db
    .updateTable('cashier_adjustment_requests')
    .set({
      status: decision.status,
      decided_by_id: decision.by.operatorId,
      decided_by_username: decision.by.username,
      decided_at: decision.at,
      decision_reason: decision.reason,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

const adjustmentRequestSortColumns = {
  requestedAt: 'requested_at',
  amount: 'amount_fen',
  decidedAt: 'decided_at',
} as const satisfies Record<AdjustmentRequestSortKey, keyof Database['cashier_adjustment_requests']>;

export async function pageAdjustmentRequests(
  db: Db,
  filter: { siteId: number; status?: 'pending' | 'approved' | 'rejected' | undefined },
  page: { pageNum: number; pageSize: number },
  sort: SortRequest<AdjustmentRequestSortKey> = {},
) {
  let query = db.selectFrom('cashier_adjustment_requests').where('site_id', '=', filter.siteId);
  if (filter.status) {
    query = query.where('status', '=', filter.status);
  }
  return fetchPage(
    query,
    (filtered) =>
      orderByKey(filtered.selectAll(), sort, {
        columns: adjustmentRequestSortColumns,
        tiebreak: 'id',
        byDefault: (rows) => rows.orderBy('id', 'desc'),
      }),
    page,
  );
}

/**
 * Payout accounts other members of the site bound with a number this member bound too (removed
 * ones count: a card once bound still links), one row per number and other member, newest first.
 */
export async function payoutAccountsSharedWith(db: Db, siteId: number, memberId: bigint, limit: number) {
  const own = db
    .selectFrom('cashier_withdraw_accounts')
    .select('account_number')
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId);
  return db
    .selectFrom('cashier_withdraw_accounts')
    .select((eb) => ['account_number', 'member_id', eb.fn.max('created_at').as('last_used_at')])
    .where('site_id', '=', siteId)
    .where('member_id', '<>', memberId)
    .where('account_number', 'in', own)
    .groupBy(['account_number', 'member_id'])
    .orderBy('last_used_at', 'desc')
    .orderBy('member_id', 'desc')
    .limit(limit)
    .execute();
}

/** Every payout account a member bound, removed ones too: how each shared number is labelled. */
export async function listWithdrawAccountsEver(db: Db, memberId: bigint) {
  return db
    .selectFrom('cashier_withdraw_accounts')
    .select(['kind', 'bank_code', 'account_number'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/**
 * One page of the site's payout account numbers bound by more than one member, most members
 * first, each with up to `membersShown` member ids, the kind and bank of its first binding, and
 * the last time one was bound.
 */
export async function pageSharedPayoutAccounts(
  db: Db,
  siteId: number,
  page: { pageNum: number; pageSize: number },
  membersShown: number,
) {
  const memberCount = sql<bigint | string>`count(distinct member_id)`;
  const shared = db
    .selectFrom('cashier_withdraw_accounts')
    .select((eb) => [
      'account_number',
      eb.fn.min('id').as('first_id'),
      memberCount.as('member_count'),
      eb.fn.max('created_at').as('last_used_at'),
      sql<string[]>`(array_agg(distinct member_id::text))[1:${sql.lit(membersShown)}]`.as('member_ids'),
    ])
    .where('site_id', '=', siteId)
    .groupBy('account_number')
    .having(sql<boolean>`count(distinct member_id) > 1`);
  const [rows, count] = await Promise.all([
    shared
      .orderBy('member_count', 'desc')
      .orderBy('last_used_at', 'desc')
      .orderBy('first_id')
      .offset((page.pageNum - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    db
      .selectFrom(shared.as('shared'))
      .select(sql<bigint | string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const firstIds = rows.map((row) => row.first_id);
  const firsts =
    firstIds.length === 0
      ? []
      : await db
          .selectFrom('cashier_withdraw_accounts')
          .select(['id', 'kind', 'bank_code'])
          .where('id', 'in', firstIds)
          .execute();
  const firstById = new Map(firsts.map((row) => [row.id, row]));
  const list = rows.flatMap((row) => {
    const first = firstById.get(row.first_id);
    return first ? [{ ...row, kind: first.kind, bank_code: first.bank_code }] : [];
  });
  return { list, total: Number(count.total) };
}

const countAs = (alias: string) => sql<bigint>`count(*)::int8`.as(alias);

/** The site's credited deposits per calendar day they were credited. */
export async function depositsPerDay(db: Db, siteId: number, range: DayRange) {
  return db
    .selectFrom('cashier_deposit_orders')
    .select([
      localDayOf('resolved_at', range.timeZone).as('day'),
      countAs('count'),
      sql<Fen>`coalesce(sum(amount_fen), 0)::int8`.as('amount_fen'),
    ])
    .where('site_id', '=', siteId)
    .where('status', '=', 'paid')
    .where('resolved_at', '>=', range.from)
    .where('resolved_at', '<', range.to)
    .groupBy(sql`1`)
    .execute();
}

/** Members' first credited deposits per calendar day: those with no credited deposit before them. */
export async function firstDepositsPerDay(db: Db, siteId: number, range: DayRange) {
  return db
    .selectFrom('cashier_deposit_orders as deposit')
    .select([
      localDayOf('deposit.resolved_at', range.timeZone).as('day'),
      countAs('count'),
      sql<Fen>`coalesce(sum(deposit.amount_fen), 0)::int8`.as('amount_fen'),
    ])
    .where('deposit.site_id', '=', siteId)
    .where('deposit.status', '=', 'paid')
    .where('deposit.resolved_at', '>=', range.from)
    .where('deposit.resolved_at', '<', range.to)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('cashier_deposit_orders as earlier')
            .select(sql`1`.as('one'))
            .whereRef('earlier.member_id', '=', 'deposit.member_id')
            .where('earlier.status', '=', 'paid')
            .where(sql<boolean>`(earlier.resolved_at, earlier.id) < (deposit.resolved_at, deposit.id)`),
        ),
      ),
    )
    .groupBy(sql`1`)
    .execute();
}

/** The site's approved withdrawals per calendar day they were approved, with their fees. */
export async function approvedWithdrawalsPerDay(db: Db, siteId: number, range: DayRange) {
  return db
    .selectFrom('cashier_withdraw_orders')
    .select([
      localDayOf('reviewed_at', range.timeZone).as('day'),
      countAs('count'),
      sql<Fen>`coalesce(sum(amount_fen), 0)::int8`.as('amount_fen'),
      sql<Fen>`coalesce(sum(fee_fen), 0)::int8`.as('fee_fen'),
    ])
    .where('site_id', '=', siteId)
    .where('status', '=', 'approved')
    .where('reviewed_at', '>=', range.from)
    .where('reviewed_at', '<', range.to)
    .groupBy(sql`1`)
    .execute();
}

/**
 * What waits for the site's staff: pending withdrawals, bank-transfer deposits not yet confirmed
 * (an unpaid gateway order waits for the member, not for staff) and adjustments above the threshold.
 */
export async function countPendingReviews(db: Db, siteId: number, now: Date) {
  const [withdrawals, deposits, adjustments] = await Promise.all([
    db
      .selectFrom('cashier_withdraw_orders')
      .select(countAs('count'))
      .where('site_id', '=', siteId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cashier_deposit_orders as deposit')
      .innerJoin('cashier_deposit_channels as channel', 'channel.id', 'deposit.channel_id')
      .select(countAs('count'))
      .where('deposit.site_id', '=', siteId)
      .where('deposit.status', '=', 'pending')
      .where('deposit.expires_at', '>', now)
      .where('channel.kind', '=', 'bank')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cashier_adjustment_requests')
      .select(countAs('count'))
      .where('site_id', '=', siteId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    withdrawals: Number(withdrawals.count),
    deposits: Number(deposits.count),
    adjustments: Number(adjustments.count),
  };
}

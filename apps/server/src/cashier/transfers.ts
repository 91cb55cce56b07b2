import {
  type Fen,
  fen,
  formatFen,
  type RecordQuery,
  type RecordStatus,
  type TransRecordQuery,
  transRecordTypes,
} from '@site/contract';
import { validationError } from '../app-error.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import { type EntryFilter, type EntryWithTransfer, refusalOf } from '../ledger/service.ts';
import { type TransferId, transferIds, withdrawalHoldOrderNo } from '../ledger/transfer-ids.ts';
import { accountsOf, type CashierContext, type MemberRef, type TransferVenue } from './context.ts';
import { positiveFen } from './deposits.ts';
import { refusalsWorded } from './refusals.ts';
import * as store from './store.ts';

/** Main wallet <-> venue wallets, the wallet summary and the main wallet's records. */

const venueAccount = (member: MemberRef, venueCode: string): AccountRef => ({
  kind: 'member_venue',
  siteId: member.siteId,
  memberId: member.memberId,
  venueCode,
});

const availableOf = async (ctx: CashierContext, ref: AccountRef) =>
  (await ctx.ledger.balance(ref)).availableFen;

/** The site's transfer venue of this code: 10003 naming `venueCode` for any other. */
async function transferVenueOf(ctx: CashierContext, siteId: number, venueCode: string) {
  const venue = (await ctx.transferVenuesOf(siteId)).find((candidate) => candidate.venueCode === venueCode);
  if (!venue) {
    throw validationError('venueCode', '场馆不存在或不使用转账钱包');
  }
  return venue;
}

const transRecordKinds = Object.values(transRecordTypes).flat();

export async function transferVenue(
  ctx: CashierContext,
  member: MemberRef,
  body: { venueCode: string; direction: 'in' | 'out'; amount: string; transferId: string },
) {
  const amountFen = positiveFen(body.amount, 'amount');
  const venue = await transferVenueOf(ctx, member.siteId, body.venueCode);
  const { main } = accountsOf(member);
  const wallet = venueAccount(member, venue.venueCode);
  const isIn = body.direction === 'in';
  const moved = ctx.ledger.transfer({
    transferId: transferIds.venueTransfer(member.memberId, body.transferId),
    debitAccount: isIn ? main : wallet,
    creditAccount: isIn ? wallet : main,
    amountFen,
    kind: 'venue_transfer',
    memo: `${isIn ? '转入' : '转出'}${venue.name}`,
  });
  await refusalsWorded(moved, { idField: 'transferId' });
  return {
    transferId: body.transferId,
    venueCode: venue.venueCode,
    direction: body.direction,
    amount: formatFen(amountFen),
    mainBalance: formatFen(await availableOf(ctx, main)),
    venueBalance: formatFen(await availableOf(ctx, wallet)),
  };
}

/**
 * Moves all of one account's available balance to another under `transferId`; answers what moved.
 * A concurrent move that took the balance first, or an earlier call with the same id, leaves
 * nothing to do: that answers 0.
 */
async function moveWholeBalance(
  ctx: CashierContext,
  move: { from: AccountRef; to: AccountRef; transferId: TransferId; memo: string },
): Promise<Fen> {
  const balanceFen = await availableOf(ctx, move.from);
  if (balanceFen <= 0n) {
    return fen(0n);
  }
  const transfer = await ctx.ledger
    .transfer({
      transferId: move.transferId,
      debitAccount: move.from,
      creditAccount: move.to,
      amountFen: balanceFen,
      kind: 'venue_transfer',
      memo: move.memo,
    })
    .catch(ignoreMoveRace);
  return transfer === undefined ? fen(0n) : balanceFen;
}

/** A concurrent bet or an earlier move with the same id moved the balance first: nothing to do. */
function ignoreMoveRace(error: unknown): undefined {
  const reason = refusalOf(error);
  if (reason === 'insufficientFunds' || reason === 'transferIdReused') {
    return undefined;
  }
  throw error;
}

export async function sweepIntoVenue(
  ctx: CashierContext,
  member: MemberRef,
  venue: TransferVenue,
  launchKey: string,
): Promise<Fen> {
  return moveWholeBalance(ctx, {
    from: accountsOf(member).main,
    to: venueAccount(member, venue.venueCode),
    transferId: transferIds.venueLaunch(member.memberId, launchKey),
    memo: `转入${venue.name}`,
  });
}

export async function recallVenue(
  ctx: CashierContext,
  member: MemberRef,
  venue: TransferVenue,
  transferId: string,
) {
  const { main } = accountsOf(member);
  const wallet = venueAccount(member, venue.venueCode);
  await moveWholeBalance(ctx, {
    from: wallet,
    to: main,
    transferId: transferIds.venueRecall(member.memberId, transferId, venue.venueCode),
    memo: `一键回收${venue.name}`,
  });
  return {
    venueCode: venue.venueCode,
    mainBalance: formatFen(await availableOf(ctx, main)),
    venueBalance: formatFen(await availableOf(ctx, wallet)),
  };
}

/** Every venue balance back to main; a repeated transferId moves nothing twice. */
export async function recallAll(ctx: CashierContext, member: MemberRef, transferId: string) {
  for (const venue of await ctx.transferVenuesOf(member.siteId)) {
    await recallVenue(ctx, member, venue, transferId);
  }
  return venueBalances(ctx, member);
}

async function venueBalancesFen(ctx: CashierContext, member: MemberRef) {
  return Promise.all(
    (await ctx.transferVenuesOf(member.siteId)).map(async (venue) => ({
      venueCode: venue.venueCode,
      name: venue.name,
      balanceFen: await availableOf(ctx, venueAccount(member, venue.venueCode)),
    })),
  );
}

/** What the member holds in one transfer-wallet venue. */
export async function venueBalanceOf(
  ctx: CashierContext,
  member: MemberRef,
  venueCode: string,
): Promise<Fen> {
  return availableOf(ctx, venueAccount(member, venueCode));
}

async function venueBalances(ctx: CashierContext, member: MemberRef) {
  return (await venueBalancesFen(ctx, member)).map(presentVenueBalance);
}

function presentVenueBalance(venue: { venueCode: string; name: string; balanceFen: Fen }) {
  return { venueCode: venue.venueCode, name: venue.name, balance: formatFen(venue.balanceFen) };
}

export async function setAutoTransfer(ctx: CashierContext, member: MemberRef, isAutoTransfer: boolean) {
  await store.upsertAutoTransfer(ctx.db, member, isAutoTransfer, new Date(ctx.clock.now()));
  return { isAutoTransfer };
}

export async function walletSummary(ctx: CashierContext, member: MemberRef) {
  const { main, hold, bonus } = accountsOf(member);
  const [mainFen, holdFen, bonusFen, venues, settings] = await Promise.all([
    availableOf(ctx, main),
    availableOf(ctx, hold),
    availableOf(ctx, bonus),
    venueBalancesFen(ctx, member),
    store.findSettings(ctx.db, member.memberId),
  ]);
  const venueFen = venues.reduce((sum, venue) => sum + venue.balanceFen, 0n);
  return {
    mainBalance: formatFen(mainFen),
    withdrawalHoldBalance: formatFen(holdFen),
    bonusBalance: formatFen(bonusFen),
    venues: venues.map(presentVenueBalance),
    totalBalance: formatFen(mainFen + holdFen + bonusFen + venueFen),
    isAutoTransfer: settings?.is_auto_transfer ?? false,
  };
}

/** The withdrawal order behind a hold entry, or undefined for any other entry. */
function holdOrderNoOf(entry: EntryWithTransfer): string | undefined {
  return entry.kind === 'withdrawal_hold' ? withdrawalHoldOrderNo(entry.transferId) : undefined;
}

/** A withdrawal's hold follows its order; any other row follows its ledger transfer. */
function recordStatusOf(
  entry: EntryWithTransfer,
  withdrawStatuses: ReadonlyMap<string, 'pending' | 'approved' | 'rejected'>,
): RecordStatus {
  const holdOrderNo = holdOrderNoOf(entry);
  if (holdOrderNo !== undefined) {
    const status = withdrawStatuses.get(holdOrderNo);
    return status === 'rejected' ? 'failed' : status === 'approved' ? 'success' : 'pending';
  }
  switch (entry.transferStatus) {
    case 'pending':
      return 'pending';
    case 'voided':
      return 'failed';
    case 'posted':
      return 'success';
    default:
      throw new Error(`cashier: unknown transfer status ${String(entry.transferStatus satisfies never)}`);
  }
}

/** The range a validated record query names, as dates; undefined for no range. */
function rangeOf(query: RecordQuery): { from: Date; to: Date } | undefined {
  return query.startTime !== undefined && query.endTime !== undefined
    ? { from: new Date(query.startTime), to: new Date(query.endTime) }
    : undefined;
}

/** One page of a member account's entries with their status: one entries query, one orders query. */
export async function accountRecords(
  ctx: CashierContext,
  member: MemberRef,
  account: AccountRef,
  query: RecordQuery,
  filter: EntryFilter = { range: rangeOf(query) },
) {
  const page = { pageNum: query.pageNum, pageSize: query.pageSize };
  const entries = await ctx.ledger.entries(account, page, filter);
  const withdrawOrderNos = entries.list.flatMap((entry) => holdOrderNoOf(entry) ?? []);
  const withdrawStatuses = await store.withdrawStatusesOf(ctx.db, member.memberId, withdrawOrderNos);
  const list = entries.list.map((entry) => ({
    id: Number(entry.id),
    transferId: entry.transferId,
    kind: entry.kind,
    memo: entry.memo,
    bucket: entry.bucket,
    amount: formatFen(entry.amountFen),
    balanceAfter: formatFen(memberBalanceAfter(entry)),
    status: recordStatusOf(entry, withdrawStatuses),
    createdAt: entry.createdAt.toISOString(),
  }));
  const totals = { inAmount: formatFen(entries.inFen), outAmount: formatFen(entries.outFen) };
  return { list, total: entries.total, ...page, totals };
}

/** Member accounts keep their balance materialised, so each of their entries carries a balance-after. */
function memberBalanceAfter(entry: EntryWithTransfer): Fen {
  if (entry.balanceAfterFen === null) {
    throw new Error(`cashier: member entry ${entry.id} has no balance-after`);
  }
  return entry.balanceAfterFen;
}

const transferStatusOf = { success: 'posted', pending: 'pending', failed: 'voided' } as const;
const orderTransferStatus = { pending: 'pending', approved: 'posted', rejected: 'voided' } as const;
/** How far a hold's ledger time may sit from its order's: both are taken in one transaction. */
const holdClockSlackMs = 60_000;

/**
 * The main wallet's records of one type and one shown status: the type is a set of ledger kinds;
 * a withdrawal's hold shows its order's status, so the member's orders in the range are read
 * first and their holds' statuses handed to the ledger query.
 */
export async function transactionRecords(ctx: CashierContext, member: MemberRef, query: TransRecordQuery) {
  const range = rangeOf(query);
  const status = query.status;
  const statusOf =
    status === undefined
      ? undefined
      : new Map(
          (
            await store.withdrawOrdersCreatedWithin(
              ctx.db,
              member.memberId,
              range && {
                from: new Date(range.from.getTime() - holdClockSlackMs),
                to: new Date(range.to.getTime() + holdClockSlackMs),
              },
            )
          ).map((order) => [transferIds.withdrawalHold(order.order_no), orderTransferStatus[order.status]]),
        );
  return accountRecords(ctx, member, accountsOf(member).main, query, {
    range,
    // 交易记录 holds the wallet's own movements; bets and gifts have their records pages.
    kinds: query.type === undefined ? transRecordKinds : transRecordTypes[query.type],
    status:
      status === undefined || statusOf === undefined
        ? undefined
        : { status: transferStatusOf[status], statusOf },
  });
}

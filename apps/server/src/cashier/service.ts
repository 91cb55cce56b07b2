import { randomBytes } from 'node:crypto';
import type {
  depositCallbackBodySchema,
  depositChannelUpdateBodySchema,
  depositCreateBodySchema,
  withdrawAccountAddBodySchema,
  withdrawApplyBodySchema,
  withdrawFeeSetBodySchema,
} from '@site/contract';
import {
  type AdjustmentRequestSortKey,
  type AdminDepositSortKey,
  type AdminWithdrawSortKey,
  formatFen,
  type RecordQuery,
  type SortRequest,
  type TransRecordQuery,
} from '@site/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { DayRange } from '../db/days.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { PasswordHasher } from '../member/passwords.ts';
import type { Clock } from '../stores/clock.ts';
import {
  type AdjustmentBody,
  adjustBalance,
  adjustmentRule,
  approveAdjustment,
  pageAdjustmentRequests,
  pageOperatorActions,
  rejectAdjustment,
  setAdjustmentRule,
} from './adjustments.ts';
import { auditSummary, staffAuditView } from './audit.ts';
import { type BonusConvertBody, bonusWallet, convertBonus } from './bonus.ts';
import {
  accountsOf,
  type CashierContext,
  type MemberRef,
  type OperatorRef,
  type TransferVenue,
} from './context.ts';
import { dailyAdjustments, dailyMoney, pendingReviews } from './daily-figures.ts';
import { listSiteChannels, updateChannel } from './deposit-channels.ts';
import * as deposits from './deposits.ts';
import { changeFundsPassword, hasFundsPassword, setFundsPassword } from './funds-password.ts';
import * as payoutLinks from './payout-links.ts';
import * as store from './store.ts';
import * as transfers from './transfers.ts';
import { addAccount, banks, deleteAccount, listAccounts } from './withdraw-accounts.ts';
import * as withdrawals from './withdrawals.ts';

export type CashierService = ReturnType<typeof createCashierService>;

export interface CashierServiceDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  hasher: PasswordHasher;
  verifySecondFactor: (memberId: bigint, code: string | undefined) => Promise<void>;
  memberSiteIdOf: (memberId: bigint) => Promise<number | undefined>;
  memberIdOf: (siteId: number, username: string) => Promise<bigint | undefined>;
  verifiedRealNameOf: (memberId: bigint) => Promise<string | undefined>;
  /** Absent outside production: the gateway runs in this node, so a random key per start serves. */
  gatewaySecret?: string | undefined;
  isSandboxMode: boolean;
  audit: CashierContext['audit'];
  transferVenuesOf: CashierContext['transferVenuesOf'];
}

type Page = { pageNum: number; pageSize: number };

/** Deposits, withdrawals, payout accounts, funds password and the turnover audit. */
export function createCashierService(deps: CashierServiceDeps) {
  const ctx: CashierContext = {
    ...deps,
    gatewaySecret: deps.gatewaySecret ?? randomBytes(32).toString('hex'),
  };
  return {
    channels: async (siteId: number) =>
      (await store.listChannels(ctx.db, siteId))
        .filter((channel) => deposits.isChannelOffered(ctx, channel))
        .map(deposits.presentChannel),
    /** A new site starts with the channels another site has (the demo's second site). */
    copyChannels: (fromSiteId: number, toSiteId: number) => store.copyChannels(ctx.db, fromSiteId, toSiteId),
    /** Every channel of the site, enabled or not: the operator's settings. */
    siteChannels: (siteId: number) => listSiteChannels(ctx, siteId),
    updateChannel: (operator: OperatorRef, body: z.output<typeof depositChannelUpdateBodySchema>) =>
      updateChannel(ctx, operator, body),
    createDeposit: (member: MemberRef, body: z.output<typeof depositCreateBodySchema>) =>
      deposits.createDeposit(ctx, member, body),
    memberDeposits: (member: MemberRef, page: Page) => deposits.pageMemberDeposits(ctx, member, page),
    /** The caller of the sandbox callback route: 10108 unless its signature matches. */
    authenticateSandboxGateway: (body: unknown) => deposits.authenticateSandboxGateway(ctx, body),
    gatewayCallback: (body: z.output<typeof depositCallbackBodySchema>) =>
      deposits.handleGatewayCallback(ctx, body),
    /** The sandbox gateway's side: its signed notification for an order it settled. */
    sandboxCallbackFor: (order: { order_no: string; amount_fen: bigint }, status: 'paid' | 'cancelled') => {
      const fields = {
        orderNo: order.order_no,
        amount: formatFen(order.amount_fen),
        status,
        timestamp: ctx.clock.now(),
      };
      return { ...fields, signature: deposits.signCallback(ctx.gatewaySecret, fields) };
    },
    /** Signs any fields: tests forge and replay callbacks with it. */
    signGatewayCallback: (body: Parameters<typeof deposits.signCallback>[1]) =>
      deposits.signCallback(ctx.gatewaySecret, body),
    depositForSandbox: (orderNo: string) => store.findDepositOrder(ctx.db, orderNo),
    /** What the sandbox pay page shows: the order, the channel it pays through and its validity. */
    sandboxPayView: async (orderNo: string) => {
      const order = await store.findDepositOrder(ctx.db, orderNo);
      if (!order) {
        return undefined;
      }
      const channel = await store.findChannel(ctx.db, order.site_id, order.channel_id);
      return {
        orderNo: order.order_no,
        amount: formatFen(order.amount_fen),
        status: order.status,
        merchant: `${channel?.name ?? '在线支付'} · 商户号 ${order.site_id}`,
        expiresAt: order.expires_at,
        isExpired: order.expires_at.getTime() <= ctx.clock.now(),
      };
    },
    siteDeposits: (
      siteId: number,
      query: Page & { status?: string | undefined } & SortRequest<AdminDepositSortKey>,
    ) =>
      deposits.pageDeposits(
        ctx,
        { siteId, ...(query.status ? { status: query.status } : {}) },
        { pageNum: query.pageNum, pageSize: query.pageSize },
        { sortBy: query.sortBy, sortOrder: query.sortOrder },
      ),
    confirmDeposit: (operator: OperatorRef, body: { orderNo: string; reason: string }) =>
      deposits.confirmDeposit(ctx, operator, body),
    rejectDeposit: (operator: OperatorRef, body: { orderNo: string; reason: string }) =>
      deposits.rejectDeposit(ctx, operator, body),

    setFundsPassword: (member: MemberRef, body: Parameters<typeof setFundsPassword>[2]) =>
      setFundsPassword(ctx, member, body),
    changeFundsPassword: (member: MemberRef, body: Parameters<typeof changeFundsPassword>[2]) =>
      changeFundsPassword(ctx, member, body),

    banks: () => banks.map((bank) => ({ ...bank })),
    withdrawAccounts: (member: MemberRef) => listAccounts(ctx, member),
    addWithdrawAccount: (member: MemberRef, body: z.output<typeof withdrawAccountAddBodySchema>) =>
      addAccount(ctx, member, body),
    deleteWithdrawAccount: (member: MemberRef, accountId: number) => deleteAccount(ctx, member, accountId),

    withdrawInfo: (siteId: number) => withdrawals.withdrawInfo(ctx, siteId),
    setWithdrawFee: (operator: OperatorRef, body: z.output<typeof withdrawFeeSetBodySchema>) =>
      withdrawals.setWithdrawFee(ctx, operator, body),
    applyWithdrawal: (member: MemberRef, body: z.output<typeof withdrawApplyBodySchema>) =>
      withdrawals.applyWithdrawal(ctx, member, body),
    memberWithdrawals: (member: MemberRef, page: Page) =>
      withdrawals.pageMemberWithdrawals(ctx, member, page),
    siteWithdrawals: (
      siteId: number,
      query: Page & {
        status?: string | undefined;
        memberId?: bigint | undefined;
      } & SortRequest<AdminWithdrawSortKey>,
    ) => withdrawals.pageSiteWithdrawals(ctx, siteId, query),
    reviewWithdrawal: (
      operator: OperatorRef,
      body: { orderNo: string; reason: string },
      decision: 'approved' | 'rejected',
    ) => withdrawals.reviewWithdrawal(ctx, operator, body, decision),
    holdWithdrawal: (operator: OperatorRef, orderNo: string) =>
      withdrawals.holdWithdrawal(ctx, operator, orderNo),
    releaseWithdrawal: (operator: OperatorRef, orderNo: string) =>
      withdrawals.releaseWithdrawal(ctx, operator, orderNo),

    auditSummary: (member: MemberRef) => auditSummary(ctx, member),
    /** A member of the site's audit as staff see it, with whether a withdrawal would pass now. */
    staffAuditView: (siteId: number, username: string) => staffAuditView(ctx, siteId, username),
    pageOperatorActions: (siteId: number, page: Page) => pageOperatorActions(ctx, siteId, page),
    /** For reports: the site's deposits, first deposits and approved withdrawals per day of `range`. */
    dailyMoney: (siteId: number, range: DayRange) => dailyMoney(ctx, siteId, range),
    /** For reports: the site's manual adjustments per day of `range`. */
    dailyAdjustments: (siteId: number, range: DayRange) => dailyAdjustments(ctx, siteId, range),
    /** For the dashboard: withdrawals, bank deposits and adjustments waiting for the site's staff. */
    pendingReviews: (siteId: number) => pendingReviews(ctx, siteId),
    adjustBalance: (operator: OperatorRef, body: AdjustmentBody) => adjustBalance(ctx, operator, body),
    adjustmentRequests: (
      siteId: number,
      query: Page & {
        status?: 'pending' | 'approved' | 'rejected' | undefined;
      } & SortRequest<AdjustmentRequestSortKey>,
    ) => pageAdjustmentRequests(ctx, siteId, query),
    approveAdjustment: (operator: OperatorRef, adjustmentId: string) =>
      approveAdjustment(ctx, operator, adjustmentId),
    rejectAdjustment: (operator: OperatorRef, body: { adjustmentId: string; reason: string }) =>
      rejectAdjustment(ctx, operator, body),
    adjustmentRule: (siteId: number) => adjustmentRule(ctx, siteId),
    setAdjustmentRule: (operator: OperatorRef, body: { approvalThreshold: string }) =>
      setAdjustmentRule(ctx, operator, body),

    transferVenue: (member: MemberRef, body: Parameters<typeof transfers.transferVenue>[2]) =>
      transfers.transferVenue(ctx, member, body),
    recallAll: (member: MemberRef, transferId: string) => transfers.recallAll(ctx, member, transferId),
    /** A transfer venue's whole balance back to main (leaving it); a repeated transferId moves nothing twice. */
    recallVenue: (member: MemberRef, venue: TransferVenue, transferId: string) =>
      transfers.recallVenue(ctx, member, venue, transferId),
    /** The whole main balance into a transfer venue as it launches; answers what moved (0 for nothing). */
    venueBalance: (member: MemberRef, venueCode: string) => transfers.venueBalanceOf(ctx, member, venueCode),
    sweepIntoVenue: (member: MemberRef, venue: TransferVenue, launchKey: string) =>
      transfers.sweepIntoVenue(ctx, member, venue, launchKey),
    /** The member's 免转 switch: whether a launch moves the main balance in when the client does not say. */
    isAutoTransfer: async (memberId: bigint) =>
      (await store.findSettings(ctx.db, memberId))?.is_auto_transfer ?? false,
    setAutoTransfer: (member: MemberRef, isAutoTransfer: boolean) =>
      transfers.setAutoTransfer(ctx, member, isAutoTransfer),
    /** Balances, plus whether a funds password is set: the withdrawal page's checklist needs it. */
    walletSummary: async (member: MemberRef) => {
      const [summary, isSet] = await Promise.all([
        transfers.walletSummary(ctx, member),
        hasFundsPassword(ctx, member),
      ]);
      return { ...summary, hasFundsPassword: isSet };
    },
    /** Money the member cannot use right now (withdrawals awaiting review, reserved bets); the profile shows it. */
    lockMoney: async (member: MemberRef) => {
      const { main, hold } = accountsOf(member);
      const [mainBalance, holdBalance] = await Promise.all([
        ctx.ledger.balance(main),
        ctx.ledger.balance(hold),
      ]);
      return formatFen(holdBalance.availableFen + mainBalance.pendingFen);
    },
    transactionRecords: (member: MemberRef, query: TransRecordQuery) =>
      transfers.transactionRecords(ctx, member, query),

    bonusWallet: (member: MemberRef) => bonusWallet(ctx, member),
    /** For risk staff: other members who bound a payout account number this member bound. */
    payoutAccountsSharedWith: (member: MemberRef, limit: number) =>
      payoutLinks.payoutAccountsSharedWith(ctx, member, limit),
    /** For risk staff: the site's payout account numbers bound by more than one member. */
    sharedPayoutAccounts: (siteId: number, page: Page, membersShown: number) =>
      payoutLinks.sharedPayoutAccounts(ctx, siteId, page, membersShown),
    bonusRecords: (member: MemberRef, query: RecordQuery) =>
      transfers.accountRecords(ctx, member, accountsOf(member).bonus, query),
    convertBonus: (member: MemberRef, body: BonusConvertBody) => convertBonus(ctx, member, body),
  };
}

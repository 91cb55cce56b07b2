import type { Fen } from '@site/contract';
import type { ColumnType, Generated } from 'kysely';

type NullableDate = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** Tables owned by the cashier domain. Money columns are int8, read as `bigint` and typed `Fen`. */
export interface CashierTables {
  cashier_deposit_channels: DepositChannelsTable;
  cashier_deposit_orders: DepositOrdersTable;
  cashier_member_settings: MemberSettingsTable;
  cashier_withdraw_accounts: WithdrawAccountsTable;
  cashier_withdraw_orders: WithdrawOrdersTable;
  cashier_withdraw_fee_rules: WithdrawFeeRulesTable;
  cashier_adjustment_rules: AdjustmentRulesTable;
  cashier_adjustment_requests: AdjustmentRequestsTable;
  cashier_turnover_requirements: TurnoverRequirementsTable;
}

export interface DepositChannelsTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  name: string;
  kind: 'bank' | 'gateway';
  pay_group: 'bank' | 'alipay' | 'wechat' | 'ebpay' | 'koipay' | 'usdt';
  tag: string;
  min_fen: Fen;
  max_fen: Fen;
  sort: number;
  is_enabled: boolean;
  bank_name: string;
  bank_account_name: string;
  bank_account_number: string;
}

export interface DepositOrdersTable {
  id: Generated<bigint>;
  order_no: string;
  client_order_id: string;
  site_id: number;
  member_id: bigint;
  channel_id: number;
  amount_fen: Fen;
  depositor_name: string;
  status: 'pending' | 'paid' | 'rejected' | 'expired';
  reason: Generated<string>;
  created_at: Date;
  expires_at: Date;
  resolved_at: NullableDate;
}

export interface MemberSettingsTable {
  member_id: bigint;
  site_id: number;
  funds_password_hash: string | null;
  is_auto_transfer: Generated<boolean>;
  funds_password_failures: Generated<number>;
  funds_password_locked_until: NullableDate;
  updated_at: Date;
}

export interface WithdrawAccountsTable {
  id: Generated<bigint>;
  site_id: number;
  member_id: bigint;
  kind: 'bank' | 'alipay' | 'wechat' | 'ebpay' | 'koipay' | 'usdt_trc20' | 'usdt_erc20';
  bank_code: string | null;
  holder_name: string;
  account_number: string;
  is_deleted: Generated<boolean>;
  created_at: Date;
}

export interface WithdrawOrdersTable {
  id: Generated<bigint>;
  order_no: string;
  request_id: string;
  site_id: number;
  member_id: bigint;
  amount_fen: Fen;
  fee_fen: Fen;
  account_id: bigint;
  account_kind: WithdrawAccountsTable['kind'];
  account_label: string;
  holder_name: string;
  account_number: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: Generated<string>;
  created_at: Date;
  reviewed_at: NullableDate;
  /** Who holds the order for review (until `review_locked_until`), then who decided it. */
  reviewer_operator_id: Generated<bigint | null>;
  reviewer_username: Generated<string | null>;
  review_locked_until: Generated<Date | null>;
}

export interface WithdrawFeeRulesTable {
  site_id: number;
  rate_bps: number;
  fixed_fen: Fen;
  cap_fen: Fen;
  updated_at: Date;
}

export interface TurnoverRequirementsTable {
  id: Generated<bigint>;
  site_id: number;
  member_id: bigint;
  source: 'deposit' | 'bonus' | 'adjustment';
  source_ref: string;
  required_fen: Fen;
  completed_fen: Generated<Fen>;
  created_at: Date;
}

export interface AdjustmentRulesTable {
  site_id: number;
  approval_threshold_fen: Fen;
  updated_at: Date;
}

export interface AdjustmentRequestsTable {
  id: Generated<bigint>;
  site_id: number;
  adjustment_id: string;
  member_id: bigint;
  direction: 'credit' | 'debit';
  wallet: 'main' | 'bonus';
  amount_fen: Fen;
  turnover_multiple: number;
  reason: string;
  requested_by_id: bigint;
  requested_by_username: string;
  requested_at: Date;
  status: 'pending' | 'approved' | 'rejected';
  decided_by_id: bigint | null;
  decided_by_username: string | null;
  decided_at: Date | null;
  decision_reason: Generated<string>;
}

declare module '../db/schema.ts' {
  interface Database extends CashierTables {}
}

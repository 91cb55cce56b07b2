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
  cashier_turnover_requirements: TurnoverRequirementsTable;
  cashier_operator_actions: OperatorActionsTable;
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
  account_id: bigint;
  account_kind: WithdrawAccountsTable['kind'];
  account_label: string;
  holder_name: string;
  account_number: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: Generated<string>;
  created_at: Date;
  reviewed_at: NullableDate;
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

export type OperatorAction =
  | 'deposit_confirm'
  | 'deposit_reject'
  | 'withdraw_approve'
  | 'withdraw_reject'
  | 'adjustment';

export interface OperatorActionsTable {
  id: Generated<bigint>;
  site_id: number;
  operator_id: bigint;
  operator_username: string;
  action: OperatorAction;
  target: string;
  member_id: bigint | null;
  amount_fen: Fen;
  reason: string;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends CashierTables {}
}

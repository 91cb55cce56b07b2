import type { DepositStatus, RecordStatus, WithdrawStatus } from '@site/contract';
import { messages } from '../../lib/messages.ts';

/**
 * The one place money statuses are worded (UX.md section 4 "Rows"): every order and record
 * state maps onto 交易成功 / 交易中… / 交易失败 (or 已过期), coloured the same on every page.
 */
type StatusWord = RecordStatus | 'expired';

const depositWords = {
  pending: 'pending',
  paid: 'success',
  rejected: 'failed',
  expired: 'expired',
} as const satisfies Record<DepositStatus, StatusWord>;

const withdrawWords = {
  pending: 'pending',
  approved: 'success',
  rejected: 'failed',
} as const satisfies Record<WithdrawStatus, StatusWord>;

export function StatusText({ status }: { status: StatusWord }) {
  return <small className={`finance-status-${status}`}>{messages.records.statuses[status]}</small>;
}

export function DepositStatusText({ status }: { status: DepositStatus }) {
  return <StatusText status={depositWords[status]} />;
}

export function WithdrawStatusText({ status }: { status: WithdrawStatus }) {
  return <StatusText status={withdrawWords[status]} />;
}

export function depositStatusWord(status: DepositStatus): string {
  return messages.records.statuses[depositWords[status]];
}

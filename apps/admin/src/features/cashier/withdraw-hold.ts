import type { RouteResponse } from '@site/contract';
import { formatTime } from '../../lib/format.ts';

type WithdrawRow = RouteResponse<'adminWithdrawList'>['list'][number];

/**
 * Who reviews a pending withdrawal now: nobody (free to take), the signed-in staff member
 * (their hold), or someone else until the hold lapses, when the order's actions stay disabled.
 */
export type HoldState =
  | { kind: 'free' }
  | { kind: 'mine' }
  | { kind: 'other'; reviewer: string; until: string };

export function holdStateOf(
  row: Pick<WithdrawRow, 'status' | 'reviewer' | 'lockedUntil'>,
  username: string,
  nowMs: number,
): HoldState {
  if (row.status !== 'pending' || !row.reviewer || !row.lockedUntil) {
    return { kind: 'free' };
  }
  if (Date.parse(row.lockedUntil) <= nowMs) {
    return { kind: 'free' };
  }
  return row.reviewer === username
    ? { kind: 'mine' }
    : { kind: 'other', reviewer: row.reviewer, until: row.lockedUntil };
}

/** 审核中：张三（至 2026-11-23 20:45:00） */
export function holdText(state: Extract<HoldState, { kind: 'other' }>): string {
  return `审核中：${state.reviewer}（至 ${formatTime(state.until)}）`;
}

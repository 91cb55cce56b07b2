import type { LotteryDraw, LotteryHallGame } from '@site/contract';

/**
 * Where a game's sale stands at a moment, from the hall's answer: the issue on sale, or while
 * betting is shut (封盘) the issue counting down to its draw.
 */
export type SalePhase =
  | { kind: 'paused' }
  | { kind: 'open'; issue: LotteryDraw; closesInSeconds: number; drawsInSeconds: number }
  | { kind: 'closing'; issue: LotteryDraw; drawsInSeconds: number }
  | { kind: 'waiting' };

const secondsUntil = (iso: string, nowMs: number) => Math.max(0, Math.ceil((Date.parse(iso) - nowMs) / 1000));

export function salePhaseOf(
  game: Pick<LotteryHallGame, 'isPaused' | 'issue' | 'drawing'> | undefined,
  nowMs: number,
): SalePhase {
  if (game?.isPaused) {
    return { kind: 'paused' };
  }
  const issue = game?.issue ?? game?.drawing;
  if (issue === undefined || issue === null) {
    return { kind: 'waiting' };
  }
  const drawsInSeconds = secondsUntil(issue.drawAt, nowMs);
  if (Date.parse(issue.closesAt) > nowMs) {
    return { kind: 'open', issue, closesInSeconds: secondsUntil(issue.closesAt, nowMs), drawsInSeconds };
  }
  return drawsInSeconds > 0 ? { kind: 'closing', issue, drawsInSeconds } : { kind: 'waiting' };
}

/** A countdown as 00:42, or 05:12:09 when an hour or more is left (the daily 六合彩). */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

import type { LotteryDraw, LotteryHallGame } from '@site/contract';
import { useRef } from 'react';
import { type SalePhase, salePhaseOf } from './issue-clock.ts';

/** The game's sale phase now, remembering the issue last seen on sale for its 封盘 countdown. */
export function useSalePhase(game: LotteryHallGame | undefined, nowMs: number): SalePhase {
  const lastSeen = useRef<LotteryDraw | undefined>(undefined);
  if (game?.issue && lastSeen.current?.issueNo !== game.issue.issueNo) {
    lastSeen.current = game.issue;
  }
  return game ? salePhaseOf(game, lastSeen.current, nowMs) : { kind: 'waiting' };
}

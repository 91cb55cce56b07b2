/**
 * How a selection settles on a result (GAMES.md 2.1), each market's winning rule written once:
 * the settlement job and the pricing both call `outcomeOf`. Returns follow the bet's stored
 * amounts (risk, win), never a re-converted price (section 1).
 */
import { type BetAmounts, type Fen, fen } from '@site/contract';
import {
  correctScoreGoalsMax,
  type DoubleChance,
  type MatchResult,
  type Period,
  type Score,
  type ScoreSelection,
  type Selection,
  scoreless,
  type ThreeWay,
  type TotalGoalsBand,
} from './markets.ts';

/** How a settled selection ended; quarter lines add the half outcomes (赢半 / 输半). */
export type SettledOutcome = 'win' | 'half_win' | 'push' | 'half_loss' | 'loss';
export const settledOutcomes: readonly SettledOutcome[] = ['win', 'half_win', 'push', 'half_loss', 'loss'];

/** A bet or parlay leg once decided: settled, or void (cancelled event, palpable error, 2.4). */
export type LegResult = SettledOutcome | 'void';

function outcomeOfWholeOrHalf(marginQuarters: number): 'win' | 'push' | 'loss' {
  return marginQuarters > 0 ? 'win' : marginQuarters < 0 ? 'loss' : 'push';
}

/**
 * A line bet's outcome from r = own − opponent + line (让球) or total − line (大小), in quarter
 * goals. An odd r is a quarter line: half the stake on r − 0.25 and half on r + 0.25, each
 * settled alone. The two halves are 0.5 apart, so they agree or one of them pushes.
 */
export function outcomeOfLineMargin(marginQuarters: number): SettledOutcome {
  if (Math.abs(marginQuarters) % 2 === 0) {
    return outcomeOfWholeOrHalf(marginQuarters);
  }
  const lower = outcomeOfWholeOrHalf(marginQuarters - 1);
  const upper = outcomeOfWholeOrHalf(marginQuarters + 1);
  if (lower === upper) {
    return lower;
  }
  return lower === 'push' ? 'half_win' : 'half_loss';
}

function threeWayOf(score: Score): ThreeWay {
  return score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'draw';
}

function winsWhen(isWon: boolean): 'win' | 'loss' {
  return isWon ? 'win' : 'loss';
}

function totalGoalsBandWins(band: TotalGoalsBand, total: number): boolean {
  switch (band) {
    case '0-1':
      return total <= 1;
    case '2-3':
      return total >= 2 && total <= 3;
    case '4-6':
      return total >= 4 && total <= 6;
    case '7+':
      return total >= 7;
  }
}

const doubleChanceCovers: Record<DoubleChance, readonly ThreeWay[]> = {
  home_or_draw: ['home', 'draw'],
  home_or_away: ['home', 'away'],
  draw_or_away: ['draw', 'away'],
};

/**
 * A one-score selection on `score`. A live 让球 bet counts only the goals scored after it was
 * accepted (`scoreAtAcceptance`, 0–0 before kick-off); live 大小 counts the whole total.
 */
export function outcomeOnScore(
  selection: ScoreSelection,
  score: Score,
  scoreAtAcceptance: Score = scoreless,
): SettledOutcome {
  const total = score.home + score.away;
  switch (selection.kind) {
    case 'match_result':
      return winsWhen(threeWayOf(score) === selection.pick);
    case 'asian_handicap': {
      const homeMargin = score.home - scoreAtAcceptance.home - (score.away - scoreAtAcceptance.away);
      const homeMarginQuarters = 4 * homeMargin + selection.homeLineQuarters;
      return outcomeOfLineMargin(selection.pick === 'home' ? homeMarginQuarters : -homeMarginQuarters);
    }
    case 'over_under': {
      const overMarginQuarters = 4 * total - selection.lineQuarters;
      return outcomeOfLineMargin(selection.pick === 'over' ? overMarginQuarters : -overMarginQuarters);
    }
    case 'odd_even':
      return winsWhen((total % 2 === 1) === (selection.pick === 'odd'));
    case 'correct_score':
      return winsWhen(
        selection.pick === 'other'
          ? score.home > correctScoreGoalsMax || score.away > correctScoreGoalsMax
          : score.home === selection.pick.home && score.away === selection.pick.away,
      );
    case 'total_goals':
      return winsWhen(totalGoalsBandWins(selection.pick, total));
    case 'both_teams_to_score':
      return winsWhen((score.home > 0 && score.away > 0) === (selection.pick === 'yes'));
    case 'double_chance':
      return winsWhen(doubleChanceCovers[selection.pick].includes(threeWayOf(score)));
  }
}

function scoreOfPeriod(result: MatchResult, period: Period): Score {
  return period === 'half_time' ? result.halfTime : result.fullTime;
}

/** Any selection on a match's result. */
export function outcomeOf(
  selection: Selection,
  result: MatchResult,
  scoreAtAcceptance: Score = scoreless,
): SettledOutcome {
  if (selection.kind === 'half_time_full_time') {
    return winsWhen(
      threeWayOf(result.halfTime) === selection.pick.halfTime &&
        threeWayOf(result.fullTime) === selection.pick.fullTime,
    );
  }
  return outcomeOnScore(selection, scoreOfPeriod(result, selection.period), scoreAtAcceptance);
}

/**
 * What a settled bet pays back, stake included, from its stored amounts: a win the risk and
 * the win, a half-win the risk and half the win (S/2·D + S/2 at decimal odds), a push or void
 * the risk, a half-loss half the risk, a loss nothing. Halves are floored to the fen.
 */
export function returnOf(result: LegResult, amounts: BetAmounts): Fen {
  switch (result) {
    case 'win':
      return fen(amounts.riskFen + amounts.winFen);
    case 'half_win':
      return fen(amounts.riskFen + amounts.winFen / 2n);
    case 'push':
    case 'void':
      return amounts.riskFen;
    case 'half_loss':
      return fen(amounts.riskFen / 2n);
    case 'loss':
      return fen(0n);
  }
}

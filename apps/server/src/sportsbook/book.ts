/**
 * A football match's price list at one moment (GAMES.md 2.1, in its order): every market priced
 * from the match outlook through its settlement rules, a margin per market kind applied, the
 * offered odds rounded down to the step. In play the 让球 lines count from the current score
 * (the score at acceptance), and picks the match has already ruled out leave their market; a
 * market with one pick left is decided and closed.
 */

import { oddsE4One } from '@site/contract';
import type { BestOf } from './esports.ts';
import type { MatchOutlook, ScoreDistribution } from './goal-model.ts';
import { type MarginMethod, oddsStepE4, offeredOddsE4 } from './margins.ts';
import {
  type Market,
  marketKey,
  type Period,
  type Score,
  type Selection,
  scoreless,
  selectionKey,
  selectionsOf,
} from './markets.ts';
import { fairProbabilitiesOfMarket, mainAsianHandicapLine, mainOverUnderLine } from './pricing.ts';

export type MarketKind = Market['kind'];

export interface MarketMargin {
  readonly margin: number;
  readonly method: MarginMethod;
}

/** The margin of each market kind; a site setting (GAMES.md section 1 gives the ranges). */
export type BookMargins = Readonly<Record<MarketKind, MarketMargin>>;

export const defaultBookMargins: BookMargins = {
  match_result: { margin: 0.06, method: 'multiplicative' },
  asian_handicap: { margin: 0.04, method: 'multiplicative' },
  over_under: { margin: 0.04, method: 'multiplicative' },
  odd_even: { margin: 0.05, method: 'multiplicative' },
  correct_score: { margin: 0.2, method: 'power' },
  total_goals: { margin: 0.08, method: 'multiplicative' },
  both_teams_to_score: { margin: 0.06, method: 'multiplicative' },
  double_chance: { margin: 0.05, method: 'multiplicative' },
  half_time_full_time: { margin: 0.15, method: 'power' },
};

/** A pick less likely than this is not offered (its price would pass 500.00). */
export const pickProbabilityMin = 0.002;
/** The lowest price offered: 1.01. */
const oddsE4Min = oddsE4One + oddsStepE4;
/** 让球 and 大小 alternates either side of the main line, in quarter goals. */
const alternateLineQuarters = [-2, -1, 1, 2] as const;
/** An alternate line whose sides are further from even than this is not offered. */
const alternateSideProbabilityMin = 0.08;

export interface PricedSelection {
  readonly key: string;
  readonly selection: Selection;
  readonly oddsE4: number;
}

export interface PricedMarket {
  readonly key: string;
  readonly market: Market;
  /** The main 让球 / 大小 line, or any market that has only one line. */
  readonly isMain: boolean;
  readonly selections: readonly PricedSelection[];
}

/**
 * The whole price list. `score` is the current score (0–0 before kick-off); `isFirstHalfOver`
 * closes the half-time markets once the break is reached.
 */
export function priceBook(
  outlook: MatchOutlook,
  options: { score?: Score; isFirstHalfOver?: boolean; margins?: BookMargins } = {},
): PricedMarket[] {
  const score = options.score ?? scoreless;
  const margins = options.margins ?? defaultBookMargins;
  const periods: Period[] = options.isFirstHalfOver ? ['full_time'] : ['full_time', 'half_time'];
  const markets: { market: Market; isMain: boolean }[] = [];
  for (const period of periods) {
    const handicap = mainAsianHandicapLine(outlook, period, score);
    const total = mainOverUnderLine(outlook, period);
    markets.push(
      { market: { kind: 'match_result', period }, isMain: true },
      { market: { kind: 'asian_handicap', period, homeLineQuarters: handicap }, isMain: true },
      ...alternateLineQuarters.map((shift) => ({
        market: { kind: 'asian_handicap', period, homeLineQuarters: handicap + shift } as const,
        isMain: false,
      })),
      { market: { kind: 'over_under', period, lineQuarters: total }, isMain: true },
      ...alternateLineQuarters
        .filter((shift) => total + shift > 0)
        .map((shift) => ({
          market: { kind: 'over_under', period, lineQuarters: total + shift } as const,
          isMain: false,
        })),
      { market: { kind: 'odd_even', period }, isMain: true },
      { market: { kind: 'correct_score', period }, isMain: true },
    );
    if (period === 'full_time') {
      markets.push(
        { market: { kind: 'total_goals', period }, isMain: true },
        { market: { kind: 'both_teams_to_score', period }, isMain: true },
        { market: { kind: 'double_chance', period }, isMain: true },
      );
    }
  }
  if (!options.isFirstHalfOver) {
    markets.push({ market: { kind: 'half_time_full_time' }, isMain: true });
  }
  return markets.flatMap(({ market, isMain }) => {
    const priced = priceMarket(market, outlook, score, margins[market.kind], isMain);
    return priced ? [priced] : [];
  });
}

/** 地图让分 and 总地图数 lines per format, in quarter maps (GAMES.md section 6); the first is main. */
const seriesLines: Record<BestOf, { handicaps: number[]; totals: number[] }> = {
  1: { handicaps: [], totals: [] },
  2: { handicaps: [], totals: [] },
  3: { handicaps: [-6, 6], totals: [10] },
  5: { handicaps: [-6, 6, -10, 10], totals: [14, 18] },
};

/**
 * An esports series' price list (GAMES.md section 6) over the series scores still possible:
 * 独赢 (three-way only for a BO2, where 1–1 is a draw), 地图让分, 总地图数 and 正确比分, maps
 * counting as goals.
 */
export function priceSeriesBook(
  series: ScoreDistribution,
  bestOf: BestOf,
  margins: BookMargins = defaultBookMargins,
): PricedMarket[] {
  const outlook: MatchOutlook = { fullTime: series, halfTime: [], halfTimeFullTime: [] };
  const period = 'full_time';
  const lines = seriesLines[bestOf];
  const markets: { market: Market; isMain: boolean }[] = [
    { market: { kind: 'match_result', period }, isMain: true },
    ...lines.handicaps.map((homeLineQuarters, index) => ({
      market: { kind: 'asian_handicap', period, homeLineQuarters } as const,
      isMain: index === 0,
    })),
    ...lines.totals.map((lineQuarters, index) => ({
      market: { kind: 'over_under', period, lineQuarters } as const,
      isMain: index === 0,
    })),
    { market: { kind: 'correct_score', period }, isMain: true },
  ];
  return markets.flatMap(({ market, isMain }) => {
    const priced = priceMarket(market, outlook, scoreless, margins[market.kind], isMain);
    return priced ? [priced] : [];
  });
}

function priceMarket(
  market: Market,
  outlook: MatchOutlook,
  score: Score,
  margin: MarketMargin,
  isMain: boolean,
): PricedMarket | undefined {
  const fair = fairProbabilitiesOfMarket(market, outlook, score);
  return offerMarket(market, fair, margin, isMain);
}

/**
 * Offers a market from its picks' fair probabilities (in `selectionsOf` order): picks below
 * `pickProbabilityMin` leave it, the rest share the margin, near-certain picks that would return
 * nothing leave it too; a market left with one pick is not offered.
 */
export function offerMarket(
  market: Market,
  fair: readonly (number | undefined)[],
  margin: MarketMargin,
  isMain: boolean,
): PricedMarket | undefined {
  const live = selectionsOf(market).flatMap((selection, index) => {
    const probability = fair[index];
    return probability !== undefined && probability >= pickProbabilityMin ? [{ selection, probability }] : [];
  });
  if (live.length < 2) {
    return undefined;
  }
  const isTwoWayLine = market.kind === 'asian_handicap' || market.kind === 'over_under';
  if (isTwoWayLine && !isMain && live.some(({ probability }) => probability < alternateSideProbabilityMin)) {
    return undefined;
  }
  const sum = live.reduce((total, { probability }) => total + probability, 0);
  const oddsE4 = offeredOddsE4(
    live.map(({ probability }) => probability / sum),
    margin.margin,
    margin.method,
  );
  const offered = live.flatMap(({ selection }, index) => {
    const odds = oddsE4[index] ?? 0;
    return odds >= oddsE4Min ? [{ key: selectionKey(selection), selection, oddsE4: odds }] : [];
  });
  return offered.length < 2 ? undefined : { key: marketKey(market), market, isMain, selections: offered };
}

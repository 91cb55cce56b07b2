/**
 * What a sportsbook bet is on (GAMES.md 2.1): a market and the pick within it. Lines are whole
 * quarter goals (−0.75 is −3), so quarter lines settle in integers. The same types carry
 * esports series markets, with maps as goals (section 6).
 */

export interface Score {
  readonly home: number;
  readonly away: number;
}

export const scoreless: Score = { home: 0, away: 0 };

export type Period = 'full_time' | 'half_time';

export interface MatchResult {
  readonly halfTime: Score;
  readonly fullTime: Score;
}

export type ThreeWay = 'home' | 'draw' | 'away';
export const threeWays: readonly ThreeWay[] = ['home', 'draw', 'away'];

export type TotalGoalsBand = '0-1' | '2-3' | '4-6' | '7+';
export const totalGoalsBands: readonly TotalGoalsBand[] = ['0-1', '2-3', '4-6', '7+'];

export type DoubleChance = 'home_or_draw' | 'home_or_away' | 'draw_or_away';
export const doubleChances: readonly DoubleChance[] = ['home_or_draw', 'home_or_away', 'draw_or_away'];

/** 波胆 lists every score up to 4–4; 其他 (`other`) is any score beyond. */
export const correctScoreGoalsMax = 4;

/**
 * A pick in a market. 让球 states the home side's line (home −0.75 is away +0.75); a 半场 market
 * settles on the half-time score. 半全场 picks the half-time and the full-time 1X2 together.
 */
export type Selection =
  | { readonly kind: 'match_result'; readonly period: Period; readonly pick: ThreeWay }
  | {
      readonly kind: 'asian_handicap';
      readonly period: Period;
      readonly homeLineQuarters: number;
      readonly pick: 'home' | 'away';
    }
  | {
      readonly kind: 'over_under';
      readonly period: Period;
      readonly lineQuarters: number;
      readonly pick: 'over' | 'under';
    }
  | { readonly kind: 'odd_even'; readonly period: Period; readonly pick: 'odd' | 'even' }
  | { readonly kind: 'correct_score'; readonly period: Period; readonly pick: Score | 'other' }
  | { readonly kind: 'total_goals'; readonly period: Period; readonly pick: TotalGoalsBand }
  | { readonly kind: 'both_teams_to_score'; readonly period: Period; readonly pick: 'yes' | 'no' }
  | { readonly kind: 'double_chance'; readonly period: Period; readonly pick: DoubleChance }
  | {
      readonly kind: 'half_time_full_time';
      readonly pick: { readonly halfTime: ThreeWay; readonly fullTime: ThreeWay };
    };

type WithoutPick<T> = T extends unknown ? Omit<T, 'pick'> : never;

/** A market is a selection without its pick: one price list, one liability book. */
export type Market = WithoutPick<Selection>;

/** The markets settled on one score (every market but 半全场). */
export type ScoreSelection = Exclude<Selection, { kind: 'half_time_full_time' }>;

function assertLineQuarters(lineQuarters: number): void {
  if (!Number.isSafeInteger(lineQuarters)) {
    throw new RangeError(`a line is a whole number of quarter goals, got ${lineQuarters}`);
  }
}

/** Every pick of a market, in the order the market shows them. */
export function selectionsOf(market: Market): Selection[] {
  switch (market.kind) {
    case 'match_result':
      return threeWays.map((pick) => ({ ...market, pick }));
    case 'asian_handicap':
      assertLineQuarters(market.homeLineQuarters);
      return (['home', 'away'] as const).map((pick) => ({ ...market, pick }));
    case 'over_under':
      assertLineQuarters(market.lineQuarters);
      return (['over', 'under'] as const).map((pick) => ({ ...market, pick }));
    case 'odd_even':
      return (['odd', 'even'] as const).map((pick) => ({ ...market, pick }));
    case 'correct_score':
      return [...correctScorePicks(), 'other' as const].map((pick) => ({ ...market, pick }));
    case 'total_goals':
      return totalGoalsBands.map((pick) => ({ ...market, pick }));
    case 'both_teams_to_score':
      return (['yes', 'no'] as const).map((pick) => ({ ...market, pick }));
    case 'double_chance':
      return doubleChances.map((pick) => ({ ...market, pick }));
    case 'half_time_full_time':
      return threeWays.flatMap((halfTime) =>
        threeWays.map((fullTime) => ({ ...market, pick: { halfTime, fullTime } })),
      );
  }
}

function correctScorePicks(): Score[] {
  const goals = Array.from({ length: correctScoreGoalsMax + 1 }, (_, index) => index);
  return goals.flatMap((home) => goals.map((away) => ({ home, away })));
}

/** A stable text id of a market, e.g. `asian_handicap:full_time:-3` (home −0.75). */
export function marketKey(market: Market): string {
  switch (market.kind) {
    case 'asian_handicap':
      return `${market.kind}:${market.period}:${market.homeLineQuarters}`;
    case 'over_under':
      return `${market.kind}:${market.period}:${market.lineQuarters}`;
    case 'half_time_full_time':
      return market.kind;
    default:
      return `${market.kind}:${market.period}`;
  }
}

/** A stable text id of a selection: its market's id and the pick, e.g. `correct_score:full_time:2-1`. */
export function selectionKey(selection: Selection): string {
  return `${marketKey(selection)}:${pickKey(selection)}`;
}

function pickKey(selection: Selection): string {
  switch (selection.kind) {
    case 'correct_score':
      return selection.pick === 'other' ? 'other' : `${selection.pick.home}-${selection.pick.away}`;
    case 'half_time_full_time':
      return `${selection.pick.halfTime}/${selection.pick.fullTime}`;
    default:
      return selection.pick;
  }
}

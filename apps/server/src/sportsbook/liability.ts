import { type Fen, fen, oddsE4One } from '@site/contract';
import type { PricedSelection } from './book.ts';
import { oddsStepE4, offeredDecimalOddsE4, shiftedImpliedProbabilities } from './margins.ts';

/**
 * A market's liability (issue 13, risk): for each pick, what the house pays if it wins, net of
 * the stakes taken on the market, `returns(pick) − stakes(market)`. Liability moves prices (a
 * pick with more of it shortens, the others lengthen, the book's margin kept) and caps what one
 * market of a match may have at risk: at the cap the market suspends.
 */
export interface LiabilitySettings {
  /** A pick's price moves one step for each this much liability on it. */
  readonly priceStepFen: Fen;
  /** The implied probability one step adds to the pick (the others give it up), in basis points. */
  readonly priceStepBps: number;
  /** The most steps a pick's price moves, however much liability builds. */
  readonly priceStepsMax: number;
  /** Per match: one of its markets suspends once its worst-case liability reaches this. */
  readonly marketExposureMaxFen: Fen;
}

/** What one leg of a bet adds to its market: potential return on its pick, stake on the market. */
export interface LiabilityShare {
  readonly fixtureId: string;
  readonly marketKey: string;
  readonly selectionKey: string;
  readonly returnFen: Fen;
  readonly stakeFen: Fen;
}

/**
 * The shares of a bet. A single adds its potential return to its pick and what it risks to the
 * market's stakes. A parlay or system leg adds the bet's whole potential return to its pick and
 * no stake: that is what a book's trading screen shows, because the worst case for a pick is
 * every other leg winning, when the whole return rides on it; and the one stake is kept only if
 * some leg anywhere loses, so netting it against every leg's market would count it many times and
 * understate each market's worst case.
 */
export function liabilitySharesOf(
  bet: { kind: 'single' | 'parlay' | 'system'; risk_fen: Fen; potential_return_fen: Fen },
  legs: ReadonlyArray<{ fixture_id: string; market_key: string; selection_key: string }>,
): LiabilityShare[] {
  return legs.map((leg) => ({
    fixtureId: leg.fixture_id,
    marketKey: leg.market_key,
    selectionKey: leg.selection_key,
    returnFen: bet.potential_return_fen,
    stakeFen: bet.kind === 'single' ? bet.risk_fen : fen(0n),
  }));
}

/** A market's figures: the stakes on it and the potential returns per pick (a pick not there has none). */
export interface MarketBook {
  readonly stakeFen: Fen;
  readonly returns: ReadonlyMap<string, Fen>;
}

export const selectionLiabilityFen = (book: MarketBook, selectionKey: string) =>
  fen((book.returns.get(selectionKey) ?? 0n) - book.stakeFen);

/** What the market costs the house at worst: the pick with the most riding on it wins. */
export function worstLiabilityFen(book: MarketBook): Fen {
  let most = 0n;
  for (const returnFen of book.returns.values()) {
    most = returnFen > most ? returnFen : most;
  }
  return fen(most - book.stakeFen);
}

/** How many price steps each pick's liability calls for; picks with none are left out. */
export function priceStepsOf(
  book: MarketBook,
  selectionKeys: readonly string[],
  settings: LiabilitySettings,
): Record<string, number> {
  const steps: Record<string, number> = {};
  for (const key of selectionKeys) {
    const liability = selectionLiabilityFen(book, key);
    const count = liability > 0n ? Number(liability / settings.priceStepFen) : 0;
    if (count > 0) {
      steps[key] = Math.min(count, settings.priceStepsMax);
    }
  }
  return steps;
}

export const isSameSteps = (
  left: Readonly<Record<string, number>>,
  right: Readonly<Record<string, number>>,
) =>
  Object.keys(left).length === Object.keys(right).length &&
  Object.entries(left).every(([key, count]) => right[key] === count);

/** A pick is never shortened past this price (1.02), so it stays offerable after rounding down. */
const impliedProbabilityMax = oddsE4One / (oddsE4One + 2 * oddsStepE4);

/**
 * The feed's prices moved by liability steps: each pick with steps gains `steps × stepBps` of
 * implied probability, the others give it up, the book is kept (`shiftedImpliedProbabilities`),
 * and the prices are rounded down to the step once, at the end. No steps: the feed's prices.
 */
export function movedSelections(
  feed: readonly PricedSelection[],
  steps: Readonly<Record<string, number>>,
  stepBps: number,
): PricedSelection[] {
  if (!feed.some((selection) => (steps[selection.key] ?? 0) > 0)) {
    return [...feed];
  }
  let implied = feed.map((selection) => oddsE4One / selection.oddsE4);
  feed.forEach((selection, index) => {
    const count = steps[selection.key] ?? 0;
    if (count > 0) {
      implied = shiftedImpliedProbabilities(
        implied,
        index,
        (count * stepBps) / 10_000,
        impliedProbabilityMax,
      );
    }
  });
  return feed.map((selection, index) => ({
    ...selection,
    oddsE4: offeredDecimalOddsE4(implied[index] as number),
  }));
}

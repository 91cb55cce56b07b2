/**
 * Margins (GAMES.md section 1): from fair probabilities to offered decimal odds, "offered =
 * rounded down" to the odds step, and the book figures of a price list. Probabilities and the
 * margin are floats; the offered odds are integers in ten-thousandths like every stored price.
 */
import { oddsE4One } from '@site/contract';

export type MarginMethod = 'multiplicative' | 'power';

/** Offered odds move in hundredths: 1.95, 1.96 … */
export const oddsStepE4 = 100;

const probabilitySumTolerance = 1e-6;
const bisectionRounds = 100;

function assertFairProbabilities(fairProbabilities: readonly number[]): void {
  const sum = fairProbabilities.reduce((total, probability) => total + probability, 0);
  const isEachInside = fairProbabilities.every((probability) => probability > 0 && probability < 1);
  if (!isEachInside || Math.abs(sum - 1) > probabilitySumTolerance) {
    throw new RangeError(
      `fair probabilities must lie in (0, 1) and sum to 1, got ${fairProbabilities.join(', ')}`,
    );
  }
}

/**
 * Offered probabilities qᵢ summing to 1 + m. Multiplicative: qᵢ = pᵢ(1 + m). Power: qᵢ = pᵢᵏ with
 * k < 1 found by bisection, which loads more of the margin on long shots (correct score,
 * outrights).
 */
export function withMargin(
  fairProbabilities: readonly number[],
  margin: number,
  method: MarginMethod,
): number[] {
  assertFairProbabilities(fairProbabilities);
  if (!(margin >= 0 && margin < fairProbabilities.length - 1)) {
    throw new RangeError(`margin must lie in [0, ${fairProbabilities.length - 1}), got ${margin}`);
  }
  if (method === 'multiplicative') {
    return fairProbabilities.map((probability) => probability * (1 + margin));
  }
  const bookAt = (exponent: number) =>
    fairProbabilities.reduce((total, probability) => total + probability ** exponent, 0);
  // Σpᵢᵏ falls from n at k = 0 to 1 at k = 1, so the k giving 1 + m lies between.
  let low = 0;
  let high = 1;
  for (let round = 0; round < bisectionRounds; round += 1) {
    const middle = (low + high) / 2;
    if (bookAt(middle) > 1 + margin) {
      low = middle;
    } else {
      high = middle;
    }
  }
  const exponent = (low + high) / 2;
  return fairProbabilities.map((probability) => probability ** exponent);
}

/**
 * Decimal odds 1/q rounded down to the step. The tiny allowance keeps a price that is exactly on
 * a step (1/0.5 = 2.00) from dropping a step through float error.
 */
export function offeredDecimalOddsE4(offeredProbability: number, stepE4: number = oddsStepE4): number {
  if (!(offeredProbability > 0)) {
    throw new RangeError(`an offered probability must be positive, got ${offeredProbability}`);
  }
  const steps = Math.floor(oddsE4One / offeredProbability / stepE4 + 1e-9);
  return steps * stepE4;
}

/** Offered decimal odds for every pick of a market from its fair probabilities. */
export function offeredOddsE4(
  fairProbabilities: readonly number[],
  margin: number,
  method: MarginMethod,
  stepE4: number = oddsStepE4,
): number[] {
  return withMargin(fairProbabilities, margin, method).map((probability) =>
    offeredDecimalOddsE4(probability, stepE4),
  );
}

export interface BookFigures {
  /** Σ 1/Dᵢ */
  readonly book: number;
  /** book − 1 */
  readonly overround: number;
  /** 1 / book: what the price list pays back on a balanced book */
  readonly payout: number;
}

export function bookOf(decimalOddsE4: readonly number[]): BookFigures {
  const book = decimalOddsE4.reduce((total, oddsE4) => total + oddsE4One / oddsE4, 0);
  return { book, overround: book - 1, payout: 1 / book };
}

/** A two-way Asian price (让球, 大小) as its 水位: Hong Kong odds of each side, in ten-thousandths. */
export interface WaterPair {
  readonly firstE4: number;
  readonly secondE4: number;
}

/** The water of both sides from the first side's fair probability, with multiplicative margin. */
export function waterPair(
  firstFairProbability: number,
  margin: number,
  stepE4: number = oddsStepE4,
): WaterPair {
  const [firstE4 = 0, secondE4 = 0] = offeredOddsE4(
    [firstFairProbability, 1 - firstFairProbability],
    margin,
    'multiplicative',
    stepE4,
  );
  return { firstE4: firstE4 - oddsE4One, secondE4: secondE4 - oddsE4One };
}

/**
 * Moves water from the first side to the second (a negative shift the other way), keeping the
 * pair's sum and so roughly its margin: liability building on one side lowers its price.
 */
export function shiftedWaterPair(pair: WaterPair, shiftE4: number): WaterPair {
  const firstE4 = pair.firstE4 - shiftE4;
  const secondE4 = pair.secondE4 + shiftE4;
  if (firstE4 <= 0 || secondE4 <= 0) {
    throw new RangeError(`shifting ${pair.firstE4}/${pair.secondE4} by ${shiftE4} leaves no price`);
  }
  return { firstE4, secondE4 };
}

/**
 * Moves one pick of a price list by `shift` of implied probability (qᵢ = 1/Dᵢ): the pick gains it
 * and the others give it up in proportion to their own, so Σqᵢ, the book and with it the margin,
 * stays as it was (GAMES.md section 1: prices shifted to balance liability). The pick never
 * passes `qMax`, so its price stays above 1.00 however far it is pushed.
 */
export function shiftedImpliedProbabilities(
  implied: readonly number[],
  index: number,
  shift: number,
  qMax: number,
): number[] {
  const own = implied[index];
  if (own === undefined || !(shift >= 0) || implied.some((probability) => !(probability > 0))) {
    throw new RangeError(`cannot shift pick ${index} of ${implied.join(', ')} by ${shift}`);
  }
  const book = implied.reduce((total, probability) => total + probability, 0);
  const moved = Math.max(own, Math.min(own + shift, qMax, book - 1e-6));
  const othersScale = (book - moved) / (book - own);
  return implied.map((probability, at) => (at === index ? moved : probability * othersScale));
}

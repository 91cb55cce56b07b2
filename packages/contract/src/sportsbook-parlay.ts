/**
 * 串关 (GAMES.md 2.2): an N串1 ticket pays stake × Π leg factors, an M串N system buys every
 * combination of two or more legs as a ticket of its own. Factors are exact fractions and the
 * return is computed in bigint fen, floored once at the end.
 */
import { type Fen, fen, minFen } from './format.ts';
import { oddsE4One } from './odds.ts';
import type { SportsbookLegResult as LegResult } from './sportsbook-api.ts';

/** GAMES.md allows 2 to 10 legs; the engine may offer fewer. */
export const parlayLegCountMax = 10;

export type LegState = LegResult | 'pending';

export interface ParlayLeg {
  /** Decimal odds of the leg as accepted; an Asian leg is 1 + its Hong Kong odds. */
  readonly decimalOddsE4: number;
  readonly state: LegState;
}

/** Per-ticket caps: the combined odds and the return a ticket can reach. */
export interface ParlayCaps {
  readonly combinedOddsMaxE4: number;
  readonly returnMaxFen: Fen;
}

/** The engine's caps: combined odds 1000, a return of ¥1,000,000 per ticket. */
export const sportsbookParlayCaps: ParlayCaps = {
  combinedOddsMaxE4: 1_000 * oddsE4One,
  returnMaxFen: fen(100_000_000n),
};

/** An exact factor: numerator / denominator. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

const one = BigInt(oddsE4One);

/** Leg factor f: win D, half-win (1 + D)/2, push or void 1, half-loss 1/2, loss 0. */
export function legFactor(result: LegResult, decimalOddsE4: number): Fraction {
  const oddsE4 = BigInt(decimalOddsE4);
  switch (result) {
    case 'win':
      return { numerator: oddsE4, denominator: one };
    case 'half_win':
      return { numerator: one + oddsE4, denominator: 2n * one };
    case 'push':
    case 'void':
      return { numerator: 1n, denominator: 1n };
    case 'half_loss':
      return { numerator: 1n, denominator: 2n };
    case 'loss':
      return { numerator: 0n, denominator: 1n };
  }
}

function assertLeg(leg: ParlayLeg): void {
  if (!Number.isSafeInteger(leg.decimalOddsE4) || leg.decimalOddsE4 <= oddsE4One) {
    throw new RangeError(`a leg's decimal odds must be above 1.0000, got ${leg.decimalOddsE4} e4`);
  }
}

/** stake × Π f, with the combined odds capped first and the return after, floored to the fen. */
function cappedReturn(stakeFen: Fen, factors: readonly Fraction[], caps: ParlayCaps): Fen {
  let combined: Fraction = { numerator: 1n, denominator: 1n };
  for (const factor of factors) {
    combined = {
      numerator: combined.numerator * factor.numerator,
      denominator: combined.denominator * factor.denominator,
    };
  }
  const capOddsE4 = BigInt(caps.combinedOddsMaxE4);
  if (combined.numerator * one > capOddsE4 * combined.denominator) {
    combined = { numerator: capOddsE4, denominator: one };
  }
  const returnFen = (stakeFen * combined.numerator) / combined.denominator;
  return minFen(fen(returnFen), caps.returnMaxFen);
}

/**
 * What an N串1 ticket pays once decided, stake included: when every leg is settled, or as soon
 * as one leg loses (the rest cannot save it). Null while it is still open. A ticket whose legs
 * are all void refunds the stake, whatever the caps.
 */
export function parlayReturn(stakeFen: Fen, legs: readonly ParlayLeg[], caps: ParlayCaps): Fen | null {
  for (const leg of legs) {
    assertLeg(leg);
  }
  if (legs.some((leg) => leg.state === 'loss')) {
    return fen(0n);
  }
  const settled: { decimalOddsE4: number; state: LegResult }[] = [];
  for (const leg of legs) {
    if (leg.state === 'pending') {
      return null;
    }
    settled.push({ decimalOddsE4: leg.decimalOddsE4, state: leg.state });
  }
  if (settled.every((leg) => leg.state === 'void')) {
    return stakeFen;
  }
  return cappedReturn(
    stakeFen,
    settled.map((leg) => legFactor(leg.state, leg.decimalOddsE4)),
    caps,
  );
}

/** What the ticket pays if every leg wins: its potential return, shown at placement. */
export function parlayPotentialReturn(stakeFen: Fen, legOddsE4: readonly number[], caps: ParlayCaps): Fen {
  const legs = legOddsE4.map((decimalOddsE4) => ({ decimalOddsE4, state: 'win' as const }));
  return parlayReturn(stakeFen, legs, caps) ?? fen(0n);
}

/** N = 2^M − M − 1 tickets: 3串4, 4串11, 5串26. */
export function systemTicketCount(legCount: number): number {
  return 2 ** legCount - legCount - 1;
}

/** The legs (by index) of every ticket of an M串N system: each combination of 2 or more legs. */
export function systemCombinations(legCount: number): number[][] {
  if (!Number.isSafeInteger(legCount) || legCount < 2 || legCount > parlayLegCountMax) {
    throw new RangeError(`a system bet has 2 to ${parlayLegCountMax} legs, got ${legCount}`);
  }
  const combinations: number[][] = [];
  for (let mask = 1; mask < 2 ** legCount; mask += 1) {
    const legs = Array.from({ length: legCount }, (_, index) => index).filter((index) => (mask >> index) & 1);
    if (legs.length >= 2) {
      combinations.push(legs);
    }
  }
  return combinations.sort((a, b) => a.length - b.length);
}

/**
 * What an M串N system pays once every ticket is decided: the sum of its tickets, each staked
 * `unitStakeFen` and capped alone. Null while any ticket is open.
 */
export function systemReturn(unitStakeFen: Fen, legs: readonly ParlayLeg[], caps: ParlayCaps): Fen | null {
  let totalFen = 0n;
  for (const combination of systemCombinations(legs.length)) {
    const ticketLegs = combination.map((index) => legs[index]).filter((leg) => leg !== undefined);
    const ticketReturn = parlayReturn(unitStakeFen, ticketLegs, caps);
    if (ticketReturn === null) {
      return null;
    }
    totalFen += ticketReturn;
  }
  return fen(totalFen);
}

/**
 * 提前结算 (GAMES.md 2.5): the offer is the potential return × the current fair win probability
 * × (1 − c). The probability is turned into whole parts per million before it meets money, so
 * the offer is computed in bigint fen and floored once.
 */
import {
  type BetAmounts,
  type Fen,
  fen,
  type ParlayCaps,
  type ParlayLeg,
  parlayReturn,
} from '@site/contract';

const partsPerMillion = 1_000_000;
const basisPoints = 10_000;

function assertBasisPoints(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > basisPoints) {
    throw new RangeError(`${what} must be 0…10000 basis points, got ${value}`);
  }
}

/** A probability in whole parts per million, rounded down: the offer never rounds in the bet's favour. */
function probabilityPpm(probability: number): bigint {
  if (!(probability >= 0 && probability <= 1)) {
    throw new RangeError(`a probability must lie in [0, 1], got ${probability}`);
  }
  return BigInt(Math.floor(probability * partsPerMillion));
}

/**
 * R × p × (1 − c) in fen, floored. `winProbability` is the fair chance the bet pays R; for a pick
 * that can push or half-win, its expected return share (`expectedReturnShare` in pricing.ts).
 */
export function cashOutOffer(potentialReturnFen: Fen, winProbability: number, marginBps: number): Fen {
  assertBasisPoints(marginBps, 'the cash-out margin');
  const keptBps = BigInt(basisPoints - marginBps);
  return fen(
    (potentialReturnFen * probabilityPpm(winProbability) * keptBps) /
      (BigInt(partsPerMillion) * BigInt(basisPoints)),
  );
}

/** A parlay leg with the fair chance that it wins, read while it is still pending. */
export interface CashOutLeg extends ParlayLeg {
  readonly winProbability: number;
}

/**
 * A parlay's offer: the return if every open leg wins (settled legs at their factors, caps
 * applied) × Π p of the open legs × (1 − c).
 */
export function parlayCashOutOffer(
  stakeFen: Fen,
  legs: readonly CashOutLeg[],
  caps: ParlayCaps,
  marginBps: number,
): Fen {
  const ifOpenLegsWin = legs.map((leg) => ({
    decimalOddsE4: leg.decimalOddsE4,
    state: leg.state === 'pending' ? ('win' as const) : leg.state,
  }));
  const potentialReturnFen = parlayReturn(stakeFen, ifOpenLegsWin, caps) ?? fen(0n);
  const openLegsProbability = legs
    .filter((leg) => leg.state === 'pending')
    .reduce((product, leg) => product * leg.winProbability, 1);
  return cashOutOffer(potentialReturnFen, openLegsProbability, marginBps);
}

/** `fractionBps` of an amount, floored, and what is left of it. */
export function splitFen(amountFen: Fen, fractionBps: number): { takenFen: Fen; keptFen: Fen } {
  assertBasisPoints(fractionBps, 'a cash-out fraction');
  const takenFen = fen((amountFen * BigInt(fractionBps)) / BigInt(basisPoints));
  return { takenFen, keptFen: fen(amountFen - takenFen) };
}

/**
 * A partial cash-out splits a single into the part cashed out (offered on its own potential
 * return) and the part that stays on, which settles as before; together they are the bet.
 */
export function splitBetAmounts(
  amounts: BetAmounts,
  fractionBps: number,
): { cashed: BetAmounts; kept: BetAmounts } {
  const risk = splitFen(amounts.riskFen, fractionBps);
  const win = splitFen(amounts.winFen, fractionBps);
  return {
    cashed: { riskFen: risk.takenFen, winFen: win.takenFen },
    kept: { riskFen: risk.keptFen, winFen: win.keptFen },
  };
}

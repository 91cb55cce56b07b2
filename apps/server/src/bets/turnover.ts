import { type BetStatus, type Fen, fen, minFen } from '@site/contract';

/**
 * Valid turnover (有效投注) of a settled bet, the figure the turnover audit, VIP and rebates
 * count. GAMES.md leaves the rule to the platform, so we take the usual one and use it for every
 * category alike:
 * - a void or cancelled bet counts 0;
 * - a bet at decimal odds below the site's minimum counts 0 (a near-certain bet churns turnover
 *   without risk);
 * - otherwise the amount actually won or lost, capped at the stake: min(stake, |payout - stake|).
 *   A draw (push) therefore counts 0, a half-win or half-loss half the stake, and a casino bet
 *   hedged on both sides only what it risked net.
 */
export function validTurnoverOf(bet: {
  status: BetStatus;
  stakeFen: Fen;
  payoutFen: Fen;
  oddsE4: number | null;
  minValidOddsE4: number;
}): Fen {
  if (bet.status === 'pending' || bet.status === 'void' || bet.status === 'cancelled') {
    return fen(0n);
  }
  if (bet.oddsE4 !== null && bet.oddsE4 < bet.minValidOddsE4) {
    return fen(0n);
  }
  const netFen = bet.payoutFen - bet.stakeFen;
  return minFen(bet.stakeFen, fen(netFen < 0n ? -netFen : netFen));
}

/** The settled status a payout gives a bet: more than the stake wins, less loses, equal is a draw. */
export function settledStatusOf(stakeFen: Fen, payoutFen: Fen): 'win' | 'lose' | 'draw' {
  return payoutFen > stakeFen ? 'win' : payoutFen < stakeFen ? 'lose' : 'draw';
}

/** The minimum when a site has set none: 1.5 decimal (Hong Kong 0.5, Malay 0.5), the common floor. */
export const defaultMinValidOddsE4 = 15_000;

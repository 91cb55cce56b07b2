import { fen } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { settledStatusOf, validTurnoverOf } from './turnover.ts';

const settled = (stake: bigint, payout: bigint, oddsE4: number | null = null) =>
  validTurnoverOf({
    status: settledStatusOf(fen(stake), fen(payout)),
    stakeFen: fen(stake),
    payoutFen: fen(payout),
    oddsE4,
    minValidOddsE4: 15_000,
  });

describe('valid turnover', () => {
  it('counts what was won or lost, capped at the stake', () => {
    expect(settled(1_000n, 0n)).toBe(1_000n);
    expect(settled(1_000n, 1_950n)).toBe(950n);
    expect(settled(1_000n, 5_000n)).toBe(1_000n);
    // A half-loss returns half the stake: half of it counts.
    expect(settled(1_000n, 500n)).toBe(500n);
    // A draw (push) risked nothing net.
    expect(settled(1_000n, 1_000n)).toBe(0n);
  });

  it('counts nothing below the minimum odds, and from the minimum on counts as usual', () => {
    expect(settled(1_000n, 1_200n, 12_000)).toBe(0n);
    expect(settled(1_000n, 0n, 14_999)).toBe(0n);
    expect(settled(1_000n, 0n, 15_000)).toBe(1_000n);
  });

  it('counts nothing for a pending, void or cancelled bet', () => {
    for (const status of ['pending', 'void', 'cancelled'] as const) {
      expect(
        validTurnoverOf({
          status,
          stakeFen: fen(1_000n),
          payoutFen: fen(1_000n),
          oddsE4: null,
          minValidOddsE4: 15_000,
        }),
      ).toBe(0n);
    }
  });
});

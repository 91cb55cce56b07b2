import { betAmountsOf, fen } from '@site/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOutOffer, parlayCashOutOffer, splitBetAmounts, splitFen } from './cash-out.ts';
import { returnOf } from './settlement.ts';

const noCaps = { combinedOddsMaxE4: 1_000_000_000, returnMaxFen: fen(10n ** 15n) };

describe('cash-out offers', () => {
  it('offers 142.50 on 100 @ 2.50 with a 60 % win chance at a 5 % margin', () => {
    const amounts = betAmountsOf(fen(10_000n), 25_000, 'Europe');
    expect(cashOutOffer(returnOf('win', amounts), 0.6, 500)).toBe(14_250n);
  });

  it('offers a negative-odds bet on its risk plus win', () => {
    const amounts = betAmountsOf(fen(10_000n), -6_700, 'Malay');
    expect(cashOutOffer(returnOf('win', amounts), 0.5, 500)).toBe(7_932n);
  });

  it('never offers more than the fair value nor less than nothing', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 10n ** 12n),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }),
        (potentialFen, probability, marginBps) => {
          const offer = cashOutOffer(fen(potentialFen), probability, marginBps);
          expect(offer).toBeGreaterThanOrEqual(0n);
          expect(Number(offer)).toBeLessThanOrEqual(
            Number(potentialFen) * probability * (1 - marginBps / 10_000) + 1e-3,
          );
        },
      ),
    );
  });

  it('offers a parlay its return if the open legs win × Π p of the open legs', () => {
    const legs = [
      { decimalOddsE4: 20_000, state: 'win' as const, winProbability: 1 },
      { decimalOddsE4: 18_000, state: 'pending' as const, winProbability: 0.5 },
      { decimalOddsE4: 25_000, state: 'pending' as const, winProbability: 0.4 },
    ];
    // 100 × 2 × 1.8 × 2.5 = 900, × 0.5 × 0.4 = 180, × 0.95 = 171.
    expect(parlayCashOutOffer(fen(10_000n), legs, noCaps, 500)).toBe(17_100n);
    const lost = [...legs.slice(1), { decimalOddsE4: 20_000, state: 'loss' as const, winProbability: 0 }];
    expect(parlayCashOutOffer(fen(10_000n), lost, noCaps, 500)).toBe(0n);
  });

  it('refuses a probability or margin out of range', () => {
    expect(() => cashOutOffer(fen(100n), 1.01, 500)).toThrow(RangeError);
    expect(() => cashOutOffer(fen(100n), Number.NaN, 500)).toThrow(RangeError);
    expect(() => cashOutOffer(fen(100n), 0.5, 10_001)).toThrow(RangeError);
  });
});

describe('partial cash-out', () => {
  it('splits a bet into a cashed part and a kept part that add up to it', () => {
    const amounts = betAmountsOf(fen(10_001n), 19_500, 'Europe');
    const { cashed, kept } = splitBetAmounts(amounts, 4_000);
    expect(cashed).toEqual({ riskFen: 4_000n, winFen: 3_800n });
    expect(kept).toEqual({ riskFen: 6_001n, winFen: 5_700n });
    fc.assert(
      fc.property(
        fc.bigInt(0n, 10n ** 12n),
        fc.integer({ min: 0, max: 10_000 }),
        (amountFen, fractionBps) => {
          const { takenFen, keptFen } = splitFen(fen(amountFen), fractionBps);
          expect(takenFen + keptFen).toBe(amountFen);
          expect(takenFen * 10_000n).toBeLessThanOrEqual(amountFen * BigInt(fractionBps));
        },
      ),
    );
    expect(() => splitFen(fen(100n), 10_001)).toThrow(RangeError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Fen, fen } from './format.ts';
import { type SportsbookLegResult as LegResult, sportsbookLegResults } from './sportsbook-api.ts';
import {
  legFactor,
  type ParlayCaps,
  type ParlayLeg,
  parlayPotentialReturn,
  parlayReturn,
  systemCombinations,
  systemReturn,
  systemTicketCount,
} from './sportsbook-parlay.ts';

const noCaps: ParlayCaps = { combinedOddsMaxE4: 1_000_000_000, returnMaxFen: fen(10n ** 15n) };
const leg = (decimalOddsE4: number, state: ParlayLeg['state']): ParlayLeg => ({ decimalOddsE4, state });
const stake = (amount: bigint): Fen => fen(amount);

describe('leg factors', () => {
  it('are D, (1 + D)/2, 1, 1/2 and 0', () => {
    const asNumber = (result: LegResult) => {
      const factor = legFactor(result, 19_000);
      return Number(factor.numerator) / Number(factor.denominator);
    };
    expect(sportsbookLegResults.map(asNumber)).toEqual([1.9, 1.45, 1, 0.5, 0, 1]);
  });
});

describe('N串1', () => {
  it('pays stake × Π f, floored once', () => {
    const legs = [leg(19_000, 'win'), leg(21_000, 'half_win'), leg(18_500, 'push'), leg(19_500, 'half_loss')];
    // 100 × 1.90 × 1.55 × 1 × 0.5 = 147.25
    expect(parlayReturn(stake(10_000n), legs, noCaps)).toBe(14_725n);
    expect(parlayReturn(stake(333n), [leg(19_000, 'win'), leg(19_000, 'win')], noCaps)).toBe(1_202n);
  });

  it('is decided as soon as one leg loses, and open while a leg is pending otherwise', () => {
    expect(parlayReturn(stake(10_000n), [leg(19_000, 'pending'), leg(20_000, 'loss')], noCaps)).toBe(0n);
    expect(
      parlayReturn(stake(10_000n), [leg(19_000, 'pending'), leg(20_000, 'half_loss')], noCaps),
    ).toBeNull();
  });

  it('refunds the stake when every leg is void, whatever the caps', () => {
    const tight = { combinedOddsMaxE4: 10_000, returnMaxFen: fen(1n) };
    expect(parlayReturn(stake(10_000n), [leg(19_000, 'void'), leg(25_000, 'void')], tight)).toBe(10_000n);
  });

  it('caps the combined odds first and the return after', () => {
    const legs = [leg(30_000, 'win'), leg(30_000, 'win'), leg(30_000, 'win')];
    const oddsCapped = { combinedOddsMaxE4: 200_000, returnMaxFen: fen(10n ** 12n) };
    expect(parlayReturn(stake(10_000n), legs, oddsCapped)).toBe(200_000n);
    expect(parlayReturn(stake(10_000n), legs, { ...oddsCapped, returnMaxFen: fen(150_000n) })).toBe(150_000n);
    expect(parlayPotentialReturn(stake(10_000n), [30_000, 30_000, 30_000], oddsCapped)).toBe(200_000n);
  });

  it('never returns more than its potential, nor more when a leg does worse', () => {
    const order: LegResult[] = ['win', 'half_win', 'push', 'half_loss', 'loss'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ decimalOddsE4: fc.integer({ min: 10_100, max: 60_000 }), rank: fc.nat(4) }), {
          minLength: 2,
          maxLength: 8,
        }),
        fc.bigInt(1n, 1_000_000n),
        fc.nat(7),
        (legs, stakeFen, worsened) => {
          const settled = legs.map((each) => leg(each.decimalOddsE4, order[each.rank] ?? 'win'));
          const ticketReturn = parlayReturn(stake(stakeFen), settled, noCaps) ?? -1n;
          const potential = parlayPotentialReturn(
            stake(stakeFen),
            legs.map((each) => each.decimalOddsE4),
            noCaps,
          );
          expect(ticketReturn).toBeLessThanOrEqual(potential);
          const worse = settled.map((each, index) =>
            index === worsened % settled.length
              ? leg(
                  each.decimalOddsE4,
                  order[Math.min(4, order.indexOf(each.state as LegResult) + 1)] ?? 'loss',
                )
              : each,
          );
          expect(parlayReturn(stake(stakeFen), worse, noCaps) ?? -1n).toBeLessThanOrEqual(ticketReturn);
        },
      ),
    );
  });

  it('refuses a leg below decimal 1.0001', () => {
    expect(() => parlayReturn(stake(100n), [leg(10_000, 'win'), leg(19_000, 'win')], noCaps)).toThrow(
      RangeError,
    );
  });
});

describe('M串N systems', () => {
  it('buys every combination of two or more legs: 3串4, 4串11, 5串26', () => {
    expect([3, 4, 5].map((legCount) => systemCombinations(legCount).length)).toEqual([4, 11, 26]);
    expect([3, 4, 5].map(systemTicketCount)).toEqual([4, 11, 26]);
    expect(systemCombinations(3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    for (const legCount of [2, 6, 10]) {
      const combinations = systemCombinations(legCount);
      expect(combinations).toHaveLength(systemTicketCount(legCount));
      expect(new Set(combinations.map((combination) => combination.join(','))).size).toBe(
        combinations.length,
      );
      expect(combinations.every((combination) => combination.length >= 2)).toBe(true);
    }
    expect(() => systemCombinations(1)).toThrow(RangeError);
    expect(() => systemCombinations(11)).toThrow(RangeError);
  });

  it('pays the sum of its tickets, each staked and capped alone', () => {
    const legs = [leg(20_000, 'win'), leg(30_000, 'win'), leg(15_000, 'loss')];
    // 2串1 tickets: 2×3 = 6 wins; the two with the lost leg pay 0; the 3串1 pays 0.
    expect(systemReturn(stake(1_000n), legs, noCaps)).toBe(6_000n);
    const capped = { combinedOddsMaxE4: 50_000, returnMaxFen: fen(10n ** 12n) };
    expect(systemReturn(stake(1_000n), legs, capped)).toBe(5_000n);
    const allVoid = [leg(20_000, 'void'), leg(30_000, 'void'), leg(15_000, 'void')];
    expect(systemReturn(stake(1_000n), allVoid, noCaps)).toBe(4_000n);
    expect(
      systemReturn(stake(1_000n), [leg(20_000, 'win'), leg(30_000, 'pending'), leg(15_000, 'win')], noCaps),
    ).toBeNull();
  });
});

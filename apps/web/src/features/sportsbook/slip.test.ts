import { betAmountsOf, displayOddsE4, fen, oddsE4OfText } from '@site/contract';
import { describe, expect, it } from 'vitest';
import {
  canParlay,
  parlayAmounts,
  removeLeg,
  type SlipLeg,
  shownOdds,
  singleAmounts,
  stakeFenOf,
  systemAmounts,
  systemName,
  toggleLeg,
  withOdds,
} from './slip.ts';

function leg(matchId: string, selectionKey: string, odds = '1.95'): SlipLeg {
  const marketKey = selectionKey.split(':').slice(0, -1).join(':');
  return {
    matchId,
    home: '主队',
    away: '客队',
    isLive: false,
    marketKey,
    marketName: '独赢',
    selectionKey,
    selectionName: selectionKey,
    odds,
  };
}

describe('the slip legs', () => {
  it('adds a pick, takes it off when tapped again, and replaces a pick of the same market', () => {
    const home = leg('m1', 'match_result:full_time:home');
    const away = leg('m1', 'match_result:full_time:away');
    const over = leg('m1', 'over_under:full_time:10:over');
    let legs = toggleLeg([], home);
    expect(legs).toEqual([home]);
    legs = toggleLeg(legs, over);
    expect(legs).toEqual([home, over]);
    legs = toggleLeg(legs, away);
    expect(legs).toEqual([away, over]);
    legs = toggleLeg(legs, away);
    expect(legs).toEqual([over]);
    expect(removeLeg(legs, over)).toEqual([]);
  });

  it('holds at most 8 legs', () => {
    let legs: SlipLeg[] = [];
    for (let index = 0; index < 10; index += 1) {
      legs = toggleLeg(legs, leg(`m${index}`, 'match_result:full_time:home'));
    }
    expect(legs).toHaveLength(8);
  });

  it('takes a changed price into the leg', () => {
    const legs = [leg('m1', 'match_result:full_time:home', '1.95')];
    expect(withOdds(legs, 'm1', 'match_result:full_time:home', '1.90')[0]?.odds).toBe('1.90');
  });
});

describe('串关 eligibility', () => {
  it('needs two or more legs of different matches', () => {
    const a = leg('m1', 'match_result:full_time:home');
    const b = leg('m2', 'match_result:full_time:away');
    const sameMatch = leg('m1', 'over_under:full_time:10:over');
    expect(canParlay([a])).toBe(false);
    expect(canParlay([a, b])).toBe(true);
    expect(canParlay([a, b, sameMatch])).toBe(false);
  });

  it('names the systems of 3 and more legs', () => {
    expect(systemName(3)).toBe('3串4');
    expect(systemName(4)).toBe('4串11');
  });
});

describe('potential returns', () => {
  it('shows and pays a single as the contract does in every format', () => {
    const stake = fen(10_000n); // 100 元
    for (const format of ['Hongkong', 'Europe', 'Malay', 'Indonesia'] as const) {
      const display = displayOddsE4(oddsE4OfText('2.50'), format);
      const expected = betAmountsOf(stake, display, format);
      expect(singleAmounts(stake, '2.50', format)).toEqual({
        riskFen: expected.riskFen,
        returnFen: expected.riskFen + expected.winFen,
      });
    }
    expect(shownOdds('1.95', 'Hongkong')).toBe('0.95');
    expect(shownOdds('1.95', 'Europe')).toBe('1.95');
    expect(shownOdds('2.50', 'Malay')).toBe('-0.67');
    expect(shownOdds('1.95', 'Indonesia')).toBe('-1.06');
  });

  it('a Malay negative price risks stake × |price| to win the stake', () => {
    // D 2.50 is Malay −0.67: 100 元 risks 67 元 and returns 167 元.
    expect(singleAmounts(fen(10_000n), '2.50', 'Malay')).toEqual({ riskFen: 6_700n, returnFen: 16_700n });
  });

  it('multiplies the legs of a parlay and sums the tickets of a system', () => {
    const legs = [leg('a', 'x:y:home', '2.00'), leg('b', 'x:y:home', '1.50'), leg('c', 'x:y:home', '3.00')];
    expect(parlayAmounts(fen(1_000n), legs.slice(0, 2))).toEqual({ riskFen: 1_000n, returnFen: 3_000n });
    // 3串4: 2×1.5 + 2×3 + 1.5×3 + 2×1.5×3 = 3 + 6 + 4.5 + 9 = 22.5 per 1 元.
    expect(systemAmounts(fen(100n), legs)).toEqual({ riskFen: 400n, returnFen: 2_250n });
  });

  it("caps a parlay's return as the engine caps a ticket: combined odds 1000, ¥1,000,000", () => {
    const longShots = ['a', 'b', 'c'].map((matchId) => leg(matchId, 'x:y:home', '100.00'));
    expect(parlayAmounts(fen(100n), longShots).returnFen).toBe(100_000n);
    expect(parlayAmounts(fen(200_000n), longShots).returnFen).toBe(100_000_000n);
  });

  it('reads a stake as a positive yuan amount', () => {
    expect(stakeFenOf('10')).toBe(1_000n);
    expect(stakeFenOf(' 2.5 ')).toBe(250n);
    expect(stakeFenOf('0')).toBeUndefined();
    expect(stakeFenOf('abc')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { currentPickOf, fairChanceOf } from './cash-out-service.ts';
import type { LegRow, MarketRow } from './store.ts';

const legOf = (patch: Partial<LegRow>): LegRow => ({
  bet_id: 1n,
  leg_no: 0,
  fixture_id: 'm-1',
  market_key: 'match_result:full_time',
  selection_key: 'match_result:full_time:home',
  selection: { kind: 'match_result', period: 'full_time', pick: 'home' },
  decimal_odds_e4: 25_000,
  price_version: 1,
  is_in_play: false,
  score_home: 0,
  score_away: 0,
  result: null,
  settled_at: null,
  ...patch,
});

describe('the pick that prices a leg now', () => {
  it('keeps the market of a pick the score does not move', () => {
    expect(currentPickOf(legOf({}), { home: 2, away: 0 })).toEqual({
      marketKey: 'match_result:full_time',
      selectionKey: 'match_result:full_time:home',
    });
  });

  it('moves a 让球 line by the goal difference since the leg was taken', () => {
    const leg = legOf({
      market_key: 'asian_handicap:full_time:-2',
      selection_key: 'asian_handicap:full_time:-2:home',
      selection: { kind: 'asian_handicap', period: 'full_time', homeLineQuarters: -2, pick: 'home' },
      score_home: 1,
      score_away: 0,
    });
    // Home −0.5 taken at 1–0; at 2–0 it is home +0.5 counted from now; at 1–1 home −1.5.
    expect(currentPickOf(leg, { home: 2, away: 0 }).selectionKey).toBe('asian_handicap:full_time:2:home');
    expect(currentPickOf(leg, { home: 1, away: 1 }).selectionKey).toBe('asian_handicap:full_time:-6:home');
    expect(currentPickOf(leg, { home: 1, away: 0 }).selectionKey).toBe(leg.selection_key);
  });
});

describe('a fair chance from offered prices', () => {
  const market = (odds: number[]) =>
    ({
      selections: odds.map((oddsE4, index) => ({ key: `k${index}`, oddsE4 })),
    }) as unknown as MarketRow;

  it('shares the margin out of the implied chances', () => {
    // 1.90 / 1.90: 52.6 % implied each, 50 % fair.
    expect(fairChanceOf(market([19_000, 19_000]), 'k0')).toBeCloseTo(0.5, 12);
    const three = [25_000, 32_000, 28_000];
    const chances = three.map((_, index) => fairChanceOf(market(three), `k${index}`) as number);
    expect(chances.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 12);
    expect(chances[0]).toBeGreaterThan(chances[2] as number);
  });

  it('has none for a pick the market no longer offers', () => {
    expect(fairChanceOf(market([19_000, 19_000]), 'gone')).toBeUndefined();
  });
});

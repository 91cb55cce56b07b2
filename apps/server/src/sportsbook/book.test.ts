import { describe, expect, it } from 'vitest';
import { defaultBookMargins, type PricedMarket, priceBook, priceSeriesBook } from './book.ts';
import { seriesScores, seriesScoresFrom } from './esports.ts';
import { inPlayOutlook, preMatchOutlook } from './goal-model.ts';
import { bookOf } from './margins.ts';

const rates = { home: 1.6, away: 1.1 };

const marketOf = (book: PricedMarket[], key: string) => {
  const market = book.find((candidate) => candidate.key === key);
  if (!market) {
    throw new Error(`no market ${key} in ${book.map((candidate) => candidate.key).join(', ')}`);
  }
  return market;
};

describe('priceBook', () => {
  const book = priceBook(preMatchOutlook(rates));

  it('lists the markets in the order of GAMES.md 2.1, each key once', () => {
    const kinds = book
      .filter((market) => market.isMain)
      .map((market) => market.key.split(':').slice(0, 2).join(':'));
    expect(kinds).toEqual([
      'match_result:full_time',
      'asian_handicap:full_time',
      'over_under:full_time',
      'odd_even:full_time',
      'correct_score:full_time',
      'total_goals:full_time',
      'both_teams_to_score:full_time',
      'double_chance:full_time',
      'match_result:half_time',
      'asian_handicap:half_time',
      'over_under:half_time',
      'odd_even:half_time',
      'correct_score:half_time',
      'half_time_full_time',
    ]);
    expect(new Set(book.map((market) => market.key)).size).toBe(book.length);
  });

  it("takes each market kind's margin, rounding down only ever adding to it", () => {
    for (const market of book) {
      const { overround } = bookOf(market.selections.map((selection) => selection.oddsE4));
      const { margin } = defaultBookMargins[market.market.kind];
      expect(overround).toBeGreaterThanOrEqual(margin - 1e-9);
      // Dropped long shots and steps of 0.01 on long prices add a little, never much.
      expect(overround).toBeLessThan(margin + 0.06);
    }
  });

  it('prices the main 让球 and 大小 lines near even, the alternates either side', () => {
    for (const key of ['asian_handicap', 'over_under']) {
      const main = book.find((market) => market.isMain && market.key.startsWith(`${key}:full_time`));
      for (const selection of main?.selections ?? []) {
        expect(selection.oddsE4).toBeGreaterThan(17_000);
        expect(selection.oddsE4).toBeLessThan(22_500);
      }
      const alternates = book.filter((market) => !market.isMain && market.key.startsWith(`${key}:full_time`));
      expect(alternates.length).toBeGreaterThanOrEqual(2);
    }
    // The home side is stronger: it gives goals.
    expect(marketOf(book, 'match_result:full_time').selections[0]?.oddsE4).toBeLessThan(
      marketOf(book, 'match_result:full_time').selections[2]?.oddsE4 ?? 0,
    );
  });

  it('in play leaves out what the score has ruled out and closes the half-time markets after the break', () => {
    const score = { home: 2, away: 0 };
    const outlook = inPlayOutlook(
      rates,
      { half: 2, minutesLeftInHalf: 30, halfTimeScore: { home: 1, away: 0 } },
      score,
    );
    const live = priceBook(outlook, { score, isFirstHalfOver: true });
    expect(live.some((market) => market.key.includes('half_time'))).toBe(false);
    const correctScore = marketOf(live, 'correct_score:full_time').selections.map(
      (selection) => selection.key,
    );
    expect(correctScore).not.toContain('correct_score:full_time:0-0');
    expect(correctScore).not.toContain('correct_score:full_time:1-0');
    expect(correctScore).toContain('correct_score:full_time:2-0');
    expect(
      marketOf(live, 'total_goals:full_time').selections.map((selection) => selection.key),
    ).not.toContain('total_goals:full_time:0-1');
    // 让球 counts from the score at acceptance: the main line stays near even.
    const handicap = live.find((market) => market.isMain && market.key.startsWith('asian_handicap'));
    for (const selection of handicap?.selections ?? []) {
      expect(selection.oddsE4).toBeGreaterThan(16_000);
    }
    for (const market of live) {
      for (const selection of market.selections) {
        expect(selection.oddsE4).toBeGreaterThanOrEqual(10_100);
      }
    }
  });

  it('takes the margins as a setting', () => {
    const wider = priceBook(preMatchOutlook(rates), {
      margins: { ...defaultBookMargins, match_result: { margin: 0.12, method: 'multiplicative' } },
    });
    const standard = marketOf(book, 'match_result:full_time').selections;
    marketOf(wider, 'match_result:full_time').selections.forEach((selection, index) => {
      expect(selection.oddsE4).toBeLessThan(standard[index]?.oddsE4 ?? 0);
    });
  });
});

describe('priceSeriesBook', () => {
  it('prices a BO3 as two-way 独赢, ±1.5 maps, 2.5 maps and the four scores', () => {
    const book = priceSeriesBook(seriesScores(3, 0.6), 3);
    expect(book.map((market) => market.key)).toEqual([
      'match_result:full_time',
      'asian_handicap:full_time:-6',
      'asian_handicap:full_time:6',
      'over_under:full_time:10',
      'correct_score:full_time',
    ]);
    expect(marketOf(book, 'match_result:full_time').selections.map((selection) => selection.key)).toEqual([
      'match_result:full_time:home',
      'match_result:full_time:away',
    ]);
    expect(marketOf(book, 'correct_score:full_time').selections.map((selection) => selection.key)).toEqual([
      'correct_score:full_time:0-2',
      'correct_score:full_time:1-2',
      'correct_score:full_time:2-0',
      'correct_score:full_time:2-1',
    ]);
  });

  it('keeps the draw of a BO2, and closes what a BO5 in play has decided', () => {
    const bo2 = priceSeriesBook(seriesScores(2, 0.5), 2);
    expect(marketOf(bo2, 'match_result:full_time').selections).toHaveLength(3);
    // At 3–0 nothing is left to bet on.
    expect(priceSeriesBook(seriesScoresFrom(5, { home: 3, away: 0 }, 0.5, 0.5), 5)).toEqual([]);
  });
});

import { betAmountsOf, displayOddsE4, fen, oddsFormats } from '@site/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Market, marketKey, type Score, type Selection, selectionKey, selectionsOf } from './markets.ts';
import { outcomeOf, outcomeOfLineMargin, outcomeOnScore, returnOf, settledOutcomes } from './settlement.ts';

const score = (home: number, away: number): Score => ({ home, away });
const handicap = (homeLineQuarters: number, pick: 'home' | 'away' = 'home') =>
  ({ kind: 'asian_handicap', period: 'full_time', homeLineQuarters, pick }) as const;
const overUnder = (lineQuarters: number, pick: 'over' | 'under') =>
  ({ kind: 'over_under', period: 'full_time', lineQuarters, pick }) as const;

describe('Asian handicap on quarter-goal lines', () => {
  it('settles the whole table of GAMES.md 2.1', () => {
    // Columns: win by 2+, win by 1, draw, lose by 1, lose by 2+.
    const finals = [score(2, 0), score(1, 0), score(1, 1), score(0, 1), score(0, 2)];
    const table = {
      '-0.25': ['win', 'win', 'half_loss', 'loss', 'loss'],
      '-0.75': ['win', 'half_win', 'loss', 'loss', 'loss'],
      '-1.25': ['win', 'half_loss', 'loss', 'loss', 'loss'],
      '+0.25': ['win', 'win', 'half_win', 'loss', 'loss'],
      '+0.75': ['win', 'win', 'win', 'half_loss', 'loss'],
    };
    for (const [line, expected] of Object.entries(table)) {
      const homeLineQuarters = Number(line) * 4;
      expect(finals.map((final) => outcomeOnScore(handicap(homeLineQuarters), final))).toEqual(expected);
    }
  });

  it('settles whole and half lines as win, push (走水) or loss', () => {
    expect(outcomeOnScore(handicap(0), score(1, 1))).toBe('push');
    expect(outcomeOnScore(handicap(-4), score(2, 1))).toBe('push');
    expect(outcomeOnScore(handicap(-4), score(3, 1))).toBe('win');
    expect(outcomeOnScore(handicap(-2), score(1, 1))).toBe('loss');
    expect(outcomeOnScore(handicap(6), score(0, 1))).toBe('win');
    expect(outcomeOnScore(handicap(-7), score(3, 1))).toBe('half_win');
  });

  it('pays 145 on 100 at home −0.75 @ HK 0.90 when the home side wins 1–0', () => {
    const outcome = outcomeOnScore(handicap(-3), score(1, 0));
    expect(outcome).toBe('half_win');
    expect(returnOf(outcome, betAmountsOf(fen(10_000n), 9_000, 'Hongkong'))).toBe(14_500n);
    expect(returnOf(outcome, betAmountsOf(fen(10_000n), 19_000, 'Europe'))).toBe(14_500n);
  });

  it('settles the away side as the mirror of the home side', () => {
    const mirror = {
      win: 'loss',
      half_win: 'half_loss',
      push: 'push',
      half_loss: 'half_win',
      loss: 'win',
    } as const;
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), fc.nat(9), fc.nat(9), (line, home, away) => {
        const homeOutcome = outcomeOnScore(handicap(line), score(home, away));
        expect(outcomeOnScore(handicap(line, 'away'), score(home, away))).toBe(mirror[homeOutcome]);
      }),
    );
  });

  it('returns on a quarter line what two half stakes on its neighbouring lines return', () => {
    const line = fc.integer({ min: -20, max: 20 }).map((half) => 2 * half + 1);
    fc.assert(
      fc.property(
        line,
        fc.nat(9),
        fc.nat(9),
        fc.bigInt(1n, 5_000_000n),
        fc.integer({ min: 10_001, max: 200_000 }),
        (quarterLine, home, away, halfStake, decimalOddsE4) => {
          const final = score(home, away);
          const returnAt = (lineQuarters: number, stakeFen: bigint) =>
            returnOf(
              outcomeOnScore(handicap(lineQuarters), final),
              betAmountsOf(fen(stakeFen), decimalOddsE4, 'Europe'),
            );
          // One ticket floors its win once where two tickets floor twice: at most 1 fen apart.
          const difference =
            returnAt(quarterLine, 2n * halfStake) -
            returnAt(quarterLine - 1, halfStake) -
            returnAt(quarterLine + 1, halfStake);
          expect(difference === 0n || difference === 1n).toBe(true);
        },
      ),
    );
  });

  it('counts only the goals after acceptance in play', () => {
    // Accepted at 1–0 on home −0.5: a 2–1 final is 1–1 since acceptance, so the bet loses.
    expect(outcomeOnScore(handicap(-2), score(2, 1), score(1, 0))).toBe('loss');
    expect(outcomeOnScore(handicap(-2), score(3, 1), score(1, 0))).toBe('win');
    expect(outcomeOnScore(handicap(0), score(1, 1), score(1, 1))).toBe('push');
  });
});

describe('over/under', () => {
  it('settles over 2.25 with 2 goals as a half-loss and over 2.75 with 3 as a half-win', () => {
    expect(outcomeOnScore(overUnder(9, 'over'), score(1, 1))).toBe('half_loss');
    expect(outcomeOnScore(overUnder(9, 'under'), score(1, 1))).toBe('half_win');
    expect(outcomeOnScore(overUnder(11, 'over'), score(2, 1))).toBe('half_win');
    expect(outcomeOnScore(overUnder(11, 'under'), score(2, 1))).toBe('half_loss');
    expect(outcomeOnScore(overUnder(12, 'over'), score(2, 1))).toBe('push');
    expect(outcomeOnScore(overUnder(10, 'over'), score(2, 1))).toBe('win');
    expect(outcomeOnScore(overUnder(10, 'under'), score(2, 1))).toBe('loss');
  });

  it('counts the whole total in play, whatever the score at acceptance', () => {
    expect(outcomeOnScore(overUnder(10, 'over'), score(2, 1), score(2, 1))).toBe('win');
  });

  it('settles a line margin by its sign, quarters splitting into halves', () => {
    expect([-3, -2, -1, 0, 1, 2, 3].map(outcomeOfLineMargin)).toEqual([
      'loss',
      'loss',
      'half_loss',
      'push',
      'half_win',
      'win',
      'win',
    ]);
  });
});

describe('one-score markets', () => {
  const ft = { period: 'full_time' } as const;

  it('settles 独赢, 单双, 双方进球 and 双重机会', () => {
    expect(outcomeOnScore({ kind: 'match_result', ...ft, pick: 'draw' }, score(2, 2))).toBe('win');
    expect(outcomeOnScore({ kind: 'match_result', ...ft, pick: 'home' }, score(2, 2))).toBe('loss');
    expect(outcomeOnScore({ kind: 'match_result', ...ft, pick: 'away' }, score(0, 1))).toBe('win');
    expect(outcomeOnScore({ kind: 'odd_even', ...ft, pick: 'even' }, score(0, 0))).toBe('win');
    expect(outcomeOnScore({ kind: 'odd_even', ...ft, pick: 'odd' }, score(2, 1))).toBe('win');
    expect(outcomeOnScore({ kind: 'both_teams_to_score', ...ft, pick: 'yes' }, score(1, 1))).toBe('win');
    expect(outcomeOnScore({ kind: 'both_teams_to_score', ...ft, pick: 'no' }, score(3, 0))).toBe('win');
    expect(outcomeOnScore({ kind: 'double_chance', ...ft, pick: 'home_or_draw' }, score(1, 1))).toBe('win');
    expect(outcomeOnScore({ kind: 'double_chance', ...ft, pick: 'home_or_away' }, score(1, 1))).toBe('loss');
    expect(outcomeOnScore({ kind: 'double_chance', ...ft, pick: 'draw_or_away' }, score(0, 3))).toBe('win');
  });

  it('settles 波胆 up to 4–4 and 其他 beyond', () => {
    expect(outcomeOnScore({ kind: 'correct_score', ...ft, pick: score(2, 1) }, score(2, 1))).toBe('win');
    expect(outcomeOnScore({ kind: 'correct_score', ...ft, pick: score(2, 1) }, score(1, 2))).toBe('loss');
    expect(outcomeOnScore({ kind: 'correct_score', ...ft, pick: 'other' }, score(4, 4))).toBe('loss');
    expect(outcomeOnScore({ kind: 'correct_score', ...ft, pick: 'other' }, score(5, 0))).toBe('win');
  });

  it('settles 总进球 bands 0–1, 2–3, 4–6, 7+', () => {
    const bandOf = (total: number) =>
      (['0-1', '2-3', '4-6', '7+'] as const).filter(
        (pick) => outcomeOnScore({ kind: 'total_goals', ...ft, pick }, score(total, 0)) === 'win',
      );
    expect([0, 1, 2, 3, 4, 6, 7, 11].map(bandOf)).toEqual([
      ['0-1'],
      ['0-1'],
      ['2-3'],
      ['2-3'],
      ['4-6'],
      ['4-6'],
      ['7+'],
      ['7+'],
    ]);
  });

  it('settles 半场 markets on the half-time score and 半全场 on both', () => {
    const result = { halfTime: score(1, 0), fullTime: score(1, 2) };
    expect(outcomeOf({ kind: 'match_result', period: 'half_time', pick: 'home' }, result)).toBe('win');
    expect(outcomeOf({ kind: 'match_result', period: 'full_time', pick: 'away' }, result)).toBe('win');
    expect(outcomeOf(handicap(-2), result)).toBe('loss');
    expect(outcomeOf({ ...handicap(-2), period: 'half_time' }, result)).toBe('win');
    const htft = (halfTime: 'home' | 'draw' | 'away', fullTime: 'home' | 'draw' | 'away') =>
      outcomeOf({ kind: 'half_time_full_time', pick: { halfTime, fullTime } }, result);
    expect(htft('home', 'away')).toBe('win');
    expect(htft('home', 'home')).toBe('loss');
    expect(htft('draw', 'away')).toBe('loss');
  });

  it('wins exactly one pick of every market without lines, on any result', () => {
    const markets: Market[] = [
      { kind: 'match_result', period: 'full_time' },
      { kind: 'odd_even', period: 'half_time' },
      { kind: 'correct_score', period: 'full_time' },
      { kind: 'total_goals', period: 'full_time' },
      { kind: 'both_teams_to_score', period: 'full_time' },
      { kind: 'half_time_full_time' },
    ];
    fc.assert(
      fc.property(fc.nat(6), fc.nat(6), fc.nat(6), fc.nat(6), (h1, a1, h2, a2) => {
        const result = { halfTime: score(h1, a1), fullTime: score(h1 + h2, a1 + a2) };
        for (const market of markets) {
          const winners = selectionsOf(market).filter((selection) => outcomeOf(selection, result) === 'win');
          expect(winners).toHaveLength(1);
        }
        const doubleChanceWinners = selectionsOf({ kind: 'double_chance', period: 'full_time' }).filter(
          (selection) => outcomeOf(selection, result) === 'win',
        );
        expect(doubleChanceWinners).toHaveLength(2);
      }),
    );
  });
});

describe('returns', () => {
  it('pays from the stored amounts, halves floored to the fen', () => {
    const amounts = { riskFen: fen(1_001n), winFen: fen(951n) };
    expect(settledOutcomes.map((outcome) => returnOf(outcome, amounts))).toEqual([
      1_952n,
      1_476n,
      1_001n,
      500n,
      0n,
    ]);
    expect(returnOf('void', amounts)).toBe(1_001n);
  });

  it('pays a negative-odds bet its stake on a win and keeps what it reserved on a loss', () => {
    const amounts = betAmountsOf(fen(10_000n), -6_700, 'Malay');
    expect(returnOf('win', amounts)).toBe(16_700n);
    expect(returnOf('half_win', amounts)).toBe(11_700n);
    expect(returnOf('half_loss', amounts)).toBe(3_350n);
    expect(returnOf('loss', amounts)).toBe(0n);
  });

  it('never pays a half-win more than a win or a half-loss more than a push, in any format', () => {
    fc.assert(
      fc.property(
        fc.bigInt(1n, 10_000_000n),
        fc.integer({ min: 10_100, max: 500_000 }),
        fc.constantFrom(...oddsFormats),
        (stakeFen, decimalOddsE4, format) => {
          const amounts = betAmountsOf(fen(stakeFen), displayOddsE4(decimalOddsE4, format), format);
          const returns = settledOutcomes.map((outcome) => returnOf(outcome, amounts));
          expect([...returns].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(returns);
        },
      ),
    );
  });
});

describe('market and selection identities', () => {
  it('names every market and pick distinctly', () => {
    const markets: Market[] = [
      { kind: 'match_result', period: 'full_time' },
      { kind: 'match_result', period: 'half_time' },
      { kind: 'asian_handicap', period: 'full_time', homeLineQuarters: -3 },
      { kind: 'asian_handicap', period: 'full_time', homeLineQuarters: 3 },
      { kind: 'over_under', period: 'full_time', lineQuarters: 10 },
      { kind: 'odd_even', period: 'full_time' },
      { kind: 'correct_score', period: 'full_time' },
      { kind: 'total_goals', period: 'full_time' },
      { kind: 'both_teams_to_score', period: 'full_time' },
      { kind: 'double_chance', period: 'full_time' },
      { kind: 'half_time_full_time' },
    ];
    const selections: Selection[] = markets.flatMap(selectionsOf);
    expect(new Set(markets.map(marketKey)).size).toBe(markets.length);
    expect(new Set(selections.map(selectionKey)).size).toBe(selections.length);
    expect(selectionsOf({ kind: 'correct_score', period: 'full_time' })).toHaveLength(26);
    expect(selectionsOf({ kind: 'half_time_full_time' })).toHaveLength(9);
    expect(selectionKey(handicap(-3))).toBe('asian_handicap:full_time:-3:home');
    expect(selectionKey({ kind: 'correct_score', period: 'half_time', pick: score(2, 1) })).toBe(
      'correct_score:half_time:2-1',
    );
    expect(selectionKey({ kind: 'half_time_full_time', pick: { halfTime: 'draw', fullTime: 'home' } })).toBe(
      'half_time_full_time:draw/home',
    );
  });

  it('refuses a line that is not a whole number of quarters', () => {
    expect(() =>
      selectionsOf({ kind: 'asian_handicap', period: 'full_time', homeLineQuarters: 0.5 }),
    ).toThrow(RangeError);
  });
});

import { binomial, type LotteryPlayId } from '@site/contract';
import { directRule, eachPickRule, hitCombinations, type PlayRule, singleLevelRule } from './play-rule.ts';

/** 11选5: five different numbers from 01–11 in draw order; 462 sets. GAMES.md 3.4. */

/**
 * 任选N: N ≤ 5 wins a note for each N picked numbers all drawn, p = C(11−N, 5−N)/462; N ≥ 6 wins
 * when all five drawn are picked, one note per way to fill the other N − 5 from the rest of the
 * picks, p = C(N, 5)/462.
 */
function anyRule(size: number): PlayRule {
  const wins = size <= 5 ? binomial(11 - size, 5 - size) : binomial(size, 5);
  return singleLevelRule({ wins, outcomes: 462 }, (selection, draw) => {
    const picks = selection[0] ?? [];
    if (size <= 5) {
      return hitCombinations(picks, draw.numbers, size);
    }
    const isAllPicked = draw.numbers.every((number) => picks.includes(number));
    return isAllPicked ? binomial(picks.length - 5, size - 5) : 0;
  });
}

/** 前N组选: every N picked numbers equal to the first N drawn, in any order. */
function frontGroupRule(size: number, wins: number, outcomes: number): PlayRule {
  return singleLevelRule({ wins, outcomes }, (selection, draw) =>
    hitCombinations(selection[0] ?? [], draw.numbers.slice(0, size), size),
  );
}

export const syxwRules = {
  syxw_any1: anyRule(1),
  syxw_any2: anyRule(2),
  syxw_any3: anyRule(3),
  syxw_any4: anyRule(4),
  syxw_any5: anyRule(5),
  syxw_any6: anyRule(6),
  syxw_any7: anyRule(7),
  syxw_any8: anyRule(8),
  syxw_front1: eachPickRule({ win: { wins: 1, outcomes: 11 } }, (_row, number, draw) =>
    draw.numbers[0] === number ? 'win' : undefined,
  ),
  syxw_front2_direct: directRule({ wins: 1, outcomes: 110 }, [0, 1]),
  syxw_front2_group: frontGroupRule(2, 2, 110),
  syxw_front3_direct: directRule({ wins: 1, outcomes: 990 }, [0, 1, 2]),
  syxw_front3_group: frontGroupRule(3, 6, 990),
} as const satisfies Partial<Record<LotteryPlayId, PlayRule>>;

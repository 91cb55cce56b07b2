import { DragonTiger, type LotteryPlayId, pk10TopTwoSumBigFrom } from '@site/contract';
import {
  type DrawResult,
  directRule,
  eachPickRule,
  hitCombinations,
  isSideOf,
  labelledRule,
  type PlayRule,
  singleLevelRule,
} from './play-rule.ts';

/** PK10 / 赛车: a permutation of cars 1–10 over places 冠军…第十名 (places 0…9). GAMES.md 3.2. */

const carAt = (draw: DrawResult, place: number) => draw.numbers[place] as number;
const topTwoSum = (draw: DrawResult) => carAt(draw, 0) + carAt(draw, 1);

/** Ordered (冠, 亚) pairs of the 90 with each sum 3…19. */
const topTwoSumCounts = [2, 2, 4, 4, 6, 6, 8, 8, 10, 8, 8, 6, 6, 4, 4, 2, 2];

export const pk10Rules = {
  pk10_position: eachPickRule({ win: { wins: 1, outcomes: 10 } }, (place, car, draw) =>
    carAt(draw, place) === car ? 'win' : undefined,
  ),
  pk10_place_sides: eachPickRule({ win: { wins: 1, outcomes: 2 } }, (place, side, draw) => {
    const car = carAt(draw, place);
    return isSideOf(car, side, car >= 6) ? 'win' : undefined;
  }),
  /** Place k against place 11 − k: 龙 when the car ahead is the larger; cars never tie. */
  pk10_dragon_tiger: eachPickRule({ win: { wins: 1, outcomes: 2 } }, (place, pick, draw) => {
    const isDragon = carAt(draw, place) > carAt(draw, 9 - place);
    return isDragon === (pick === DragonTiger.dragon) ? 'win' : undefined;
  }),
  pk10_top2_sum: labelledRule('pk10_top2_sum', topTwoSumCounts, 90, (sum, draw) => topTwoSum(draw) === sum),
  /** 大 12–19 (40 of 90), 小 3–11 (50), 单 (50), 双 (40); 11 is 小 and 单, nothing refunded. */
  pk10_top2_sum_sides: labelledRule('pk10_top2_sum_sides', [40, 50, 50, 40], 90, (side, draw) => {
    const sum = topTwoSum(draw);
    return isSideOf(sum, side, sum >= pk10TopTwoSumBigFrom);
  }),
  pk10_top2_direct: directRule({ wins: 1, outcomes: 90 }, [0, 1]),
  pk10_top2_group: singleLevelRule({ wins: 2, outcomes: 90 }, (selection, draw) =>
    hitCombinations(selection[0] ?? [], draw.numbers.slice(0, 2), 2),
  ),
  pk10_top3_direct: directRule({ wins: 1, outcomes: 720 }, [0, 1, 2]),
} as const satisfies Partial<Record<LotteryPlayId, PlayRule>>;

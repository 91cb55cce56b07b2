import { binomial, type LotteryPlayId, MarkSixSide, markSixColourOf, markSixZodiacOf } from '@site/contract';
import {
  type DrawResult,
  eachPickRule,
  hitCombinations,
  labelledRule,
  type PlayRule,
  singleLevelRule,
} from './play-rule.ts';

/**
 * 六合彩: 6 正码 then 1 特码 from 1–49 without replacement (numbers 0…5 and 6 of the draw).
 * GAMES.md 3.5.
 */

const special = (draw: DrawResult) => draw.numbers[6] as number;
const regulars = (draw: DrawResult) => draw.numbers.slice(0, 6);

/** 两面 of the 特码; 49 is 和 and refunds. */
function isSpecialSide(number: number, side: number): boolean {
  const digitSum = Math.floor(number / 10) + (number % 10);
  switch (side) {
    case MarkSixSide.big:
      return number >= 25;
    case MarkSixSide.small:
      return number <= 24;
    case MarkSixSide.odd:
      return number % 2 === 1;
    case MarkSixSide.even:
      return number % 2 === 0;
    case MarkSixSide.digitSumOdd:
      return digitSum % 2 === 1;
    case MarkSixSide.digitSumEven:
      return digitSum % 2 === 0;
    case MarkSixSide.tailBig:
      return number % 10 >= 5;
    default:
      return number % 10 <= 4;
  }
}

/** The animal of the year owns five numbers (1, 13, 25, 37, 49), every other animal four. */
const zodiacLevel = (animal: number, draw: DrawResult) =>
  animal === draw.yearAnimal ? 'fiveNumbers' : 'fourNumbers';

const allDraws = binomial(49, 7);

export const markSixRules = {
  mark_six_special: eachPickRule({ win: { wins: 1, outcomes: 49 } }, (_row, number, draw) =>
    special(draw) === number ? 'win' : undefined,
  ),
  mark_six_special_sides: eachPickRule(
    { win: { wins: 24, refunds: 1, outcomes: 49 } },
    (_row, side, draw) => {
      const number = special(draw);
      if (number === 49) {
        return 'refund';
      }
      return isSpecialSide(number, side) ? 'win' : undefined;
    },
  ),
  mark_six_colour: labelledRule(
    'mark_six_colour',
    [17, 16, 16],
    49,
    (colour, draw) => markSixColourOf(special(draw)) === colour,
  ),
  mark_six_special_zodiac: eachPickRule(
    { fiveNumbers: { wins: 5, outcomes: 49 }, fourNumbers: { wins: 4, outcomes: 49 } },
    (_row, animal, draw) =>
      markSixZodiacOf(special(draw), draw.yearAnimal) === animal ? zodiacLevel(animal, draw) : undefined,
  ),
  mark_six_regular: eachPickRule({ win: { wins: 6, outcomes: 49 } }, (_row, number, draw) =>
    regulars(draw).includes(number) ? 'win' : undefined,
  ),
  mark_six_regular_special: eachPickRule({ win: { wins: 1, outcomes: 49 } }, (row, number, draw) =>
    draw.numbers[row] === number ? 'win' : undefined,
  ),
  mark_six_two_all: singleLevelRule({ wins: binomial(6, 2), outcomes: binomial(49, 2) }, (selection, draw) =>
    hitCombinations(selection[0] ?? [], regulars(draw), 2),
  ),
  mark_six_three_all: singleLevelRule(
    { wins: binomial(6, 3), outcomes: binomial(49, 3) },
    (selection, draw) => hitCombinations(selection[0] ?? [], regulars(draw), 3),
  ),
  /** 一肖: the animal is on any of the seven numbers; p = 1 − C(49 − k, 7)/C(49, 7) for k numbers. */
  mark_six_one_zodiac: eachPickRule(
    {
      fiveNumbers: { wins: allDraws - binomial(44, 7), outcomes: allDraws },
      fourNumbers: { wins: allDraws - binomial(45, 7), outcomes: allDraws },
    },
    (_row, animal, draw) =>
      draw.numbers.some((number) => markSixZodiacOf(number, draw.yearAnimal) === animal)
        ? zodiacLevel(animal, draw)
        : undefined,
  ),
} as const satisfies Partial<Record<LotteryPlayId, PlayRule>>;

import {
  checkSelection,
  type DrawShape,
  deriveDrawNumbers,
  type LotteryPlayId,
  type LotterySelection,
  lotteryPlays,
} from '@site/contract';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { DrawResult, PlayRule } from './play-rule.ts';
import { playRules } from './plays.ts';

/** 2026 is a year of the horse (马, index 6): 1 13 25 37 49 are 马. */
export const horseYear = 6;

export function drawOf(numbers: readonly number[], yearAnimal = horseYear): DrawResult {
  return { numbers, yearAnimal };
}

/** Notes won per level and notes refunded, the way the tests state them. */
export function outcomeOf(playId: LotteryPlayId, selection: LotterySelection, numbers: readonly number[]) {
  const check = checkSelection(playId, selection);
  expect(check, `${playId} selection`).toMatchObject({ isValid: true });
  const outcome = playRules[playId].settle(selection, drawOf(numbers));
  return {
    wins: Object.fromEntries(outcome.wins.map(({ level, notes }) => [level, notes])),
    refunds: outcome.refundedNotes,
  };
}

/** Every ordered outcome of a draw shape (with repeats: all tuples; without: all arrangements). */
export function* everyDraw(shape: DrawShape, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === shape.count) {
    yield prefix;
    return;
  }
  for (let value = shape.min; value <= shape.max; value += 1) {
    if (shape.isRepeatAllowed || !prefix.includes(value)) {
      yield* everyDraw(shape, [...prefix, value]);
    }
  }
}

/**
 * What a selection returns over one draw at fair odds, in stakes of one note: each winning note
 * pays its level's fair payout and each refunded note its stake. Averaged over all draws it is
 * exactly the selection's note count, whatever the selection, when the rule and its odds agree.
 */
export function fairReturnOf(rule: PlayRule, selection: LotterySelection, draw: DrawResult): number {
  const outcome = rule.settle(selection, draw);
  let total = outcome.refundedNotes;
  for (const { level, notes } of outcome.wins) {
    const odds = rule.levels[level];
    if (odds === undefined) {
      throw new Error(`no level ${level}`);
    }
    total += (notes * (odds.outcomes - (odds.refunds ?? 0))) / odds.wins;
  }
  return total;
}

/** Valid selections of a play: any picks per row that make at least one note. */
export function selectionArbitrary(playId: LotteryPlayId): fc.Arbitrary<number[][]> {
  const rows = lotteryPlays[playId].rows.map((row) => fc.subarray(row.options.map((option) => option.value)));
  return fc.tuple(...rows).filter((selection) => checkSelection(playId, selection).isValid);
}

/** Play ids of a game. */
export function playIdsOf(game: string): LotteryPlayId[] {
  return (Object.keys(lotteryPlays) as LotteryPlayId[]).filter(
    (playId) => lotteryPlays[playId].game === game,
  );
}

/**
 * The exact-return property over every draw of an enumerable game: for random selections of each
 * play, the mean fair return over all outcomes equals the note count.
 */
export function expectFairOverEveryDraw(game: string, shape: DrawShape, runsPerPlay: number) {
  const draws = [...everyDraw(shape)].map((numbers) => drawOf(numbers));
  for (const playId of playIdsOf(game)) {
    const rule: PlayRule = playRules[playId];
    fc.assert(
      fc.property(selectionArbitrary(playId), (selection) => {
        const check = checkSelection(playId, selection);
        const total = draws.reduce((sum, draw) => sum + fairReturnOf(rule, selection, draw), 0);
        expect(total / draws.length, playId).toBeCloseTo(check.isValid ? check.notes : 0, 9);
      }),
      { numRuns: runsPerPlay, seed: 14 },
    );
  }
}

/**
 * The same property where the outcomes are too many to list (PK10, 六合彩): the mean fair return
 * over `sampleCount` fair draws stays within five standard errors of the note count.
 */
export function expectFairOverSampledDraws(
  game: string,
  shape: DrawShape,
  sampleCount: number,
  runsPerPlay: number,
) {
  const seedHex = '5eed'.repeat(16);
  const draws = Array.from({ length: sampleCount }, (_, index) =>
    drawOf(deriveDrawNumbers(shape, seedHex, { lotteryCode: game, issueNo: String(index) })),
  );
  for (const playId of playIdsOf(game)) {
    const rule: PlayRule = playRules[playId];
    fc.assert(
      fc.property(selectionArbitrary(playId), (selection) => {
        const check = checkSelection(playId, selection);
        const returns = draws.map((draw) => fairReturnOf(rule, selection, draw));
        const mean = returns.reduce((sum, value) => sum + value, 0) / sampleCount;
        const variance = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (sampleCount - 1);
        const bound = 5 * Math.sqrt(variance / sampleCount);
        expect(Math.abs(mean - (check.isValid ? check.notes : 0)), playId).toBeLessThanOrEqual(bound);
      }),
      { numRuns: runsPerPlay, seed: 14 },
    );
  }
}

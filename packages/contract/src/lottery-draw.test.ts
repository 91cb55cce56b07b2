import { describe, expect, it } from 'vitest';
import { uniformBelow } from './fair-stream.ts';
import { type DrawShape, lotteryGames } from './lottery.ts';
import { deriveDrawNumbers, drawSeedChain, drawSeedCommitment, verifyDraw } from './lottery-draw.ts';

const seed = 'a3'.repeat(32);
/** Checked against an independent node:crypto implementation in the server's `draws.test.ts`. */
const GOLDEN_SSC = [3, 0, 4, 0, 2];
const GOLDEN_PK10 = [4, 5, 7, 6, 2, 1, 9, 10, 8, 3];
const id = { lotteryCode: 'SSC1', issueNo: '20261125-0001' };

/** Fixed seeds, so the statistics below are reproducible and the test never flakes. */
function manyDraws(shape: DrawShape, count: number, lotteryCode: string): number[][] {
  return Array.from({ length: count }, (_, index) =>
    deriveDrawNumbers(shape, seed, { lotteryCode, issueNo: String(index).padStart(6, '0') }),
  );
}

/** Pearson's chi-square of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

function tally(values: readonly number[], min: number, max: number): number[] {
  const counts = new Array<number>(max - min + 1).fill(0);
  for (const value of values) {
    counts[value - min] = (counts[value - min] ?? 0) + 1;
  }
  return counts;
}

describe('deriveDrawNumbers', () => {
  it('gives the same numbers for the same seed and draw, and others for another issue', () => {
    const first = deriveDrawNumbers(lotteryGames.ssc.draw, seed, id);
    expect(deriveDrawNumbers(lotteryGames.ssc.draw, seed, id)).toEqual(first);
    expect(deriveDrawNumbers(lotteryGames.ssc.draw, seed, { ...id, issueNo: '20261125-0002' })).not.toEqual(
      first,
    );
  });

  it('keeps the published derivation (a verifier built on it keeps working)', () => {
    expect(deriveDrawNumbers(lotteryGames.ssc.draw, seed, id)).toEqual(GOLDEN_SSC);
    expect(deriveDrawNumbers(lotteryGames.pk10.draw, seed, id)).toEqual(GOLDEN_PK10);
  });

  it('fits every game shape: in range, and without repeats where the game has none', () => {
    for (const [game, { draw: shape }] of Object.entries(lotteryGames)) {
      for (const numbers of manyDraws(shape, 200, game)) {
        expect(numbers).toHaveLength(shape.count);
        expect(numbers.every((value) => value >= shape.min && value <= shape.max)).toBe(true);
        if (!shape.isRepeatAllowed) {
          expect(new Set(numbers).size).toBe(shape.count);
        }
      }
    }
  });

  it('refuses a seed that is not 64 lower-case hex digits', () => {
    expect(() => deriveDrawNumbers(lotteryGames.ssc.draw, 'ab', id)).toThrow(/seed/);
  });
});

describe('draw uniformity (chi-square, 0.1 % critical values)', () => {
  it('SSC digits over 20,000 draws: 9 degrees of freedom, under 27.88', () => {
    const draws = manyDraws(lotteryGames.ssc.draw, 20_000, 'SSC');
    for (let position = 0; position < 5; position += 1) {
      expect(
        chiSquare(
          tally(
            draws.map((numbers) => numbers[position] as number),
            0,
            9,
          ),
        ),
      ).toBeLessThan(27.88);
    }
  });

  it('PK10: the car in each place over 20,000 races, under 27.88', () => {
    const draws = manyDraws(lotteryGames.pk10.draw, 20_000, 'PK10');
    for (let place = 0; place < 10; place += 1) {
      expect(
        chiSquare(
          tally(
            draws.map((numbers) => numbers[place] as number),
            1,
            10,
          ),
        ),
      ).toBeLessThan(27.88);
    }
  });

  it('六合彩: 特码 over 20,000 draws, 48 degrees of freedom, under 84.04', () => {
    const draws = manyDraws(lotteryGames.markSix.draw, 20_000, 'MS');
    expect(
      chiSquare(
        tally(
          draws.map((numbers) => numbers[6] as number),
          1,
          49,
        ),
      ),
    ).toBeLessThan(84.04);
    expect(chiSquare(tally(draws.flat(), 1, 49))).toBeLessThan(84.04);
  });

  it('11选5 first number and 快3 dice, under 29.59 and 20.52', () => {
    const syxw = manyDraws(lotteryGames.syxw.draw, 20_000, 'SYXW');
    expect(
      chiSquare(
        tally(
          syxw.map((numbers) => numbers[0] as number),
          1,
          11,
        ),
      ),
    ).toBeLessThan(29.59);
    const dice = manyDraws(lotteryGames.k3.draw, 20_000, 'K3');
    expect(chiSquare(tally(dice.flat(), 1, 6))).toBeLessThan(20.52);
  });
});

describe('uniformBelow', () => {
  it('rejects the words past the last whole multiple of the bound (no modulo bias)', () => {
    const words = [2 ** 32 - 1, 2 ** 32 - 6, 2 ** 32 - 7];
    // 2^32 = 4294967296 ends in 6: words from 4294967290 up would favour 0…5; they are skipped.
    expect(uniformBelow(10, () => words.shift() as number)).toBe((2 ** 32 - 7) % 10);
    expect(words).toEqual([]);
  });

  it('reaches every residue from the same number of words, for every bound a board uses', () => {
    for (let bound = 1; bound <= 49; bound += 1) {
      const limit = 2 ** 32 - (2 ** 32 % bound);
      expect(limit % bound).toBe(0);
      expect(uniformBelow(bound, () => limit - 1)).toBe(bound - 1);
    }
  });

  it('refuses a bound outside 1…2^32', () => {
    expect(() => uniformBelow(0, () => 0)).toThrow(/bound/);
    expect(() => uniformBelow(2 ** 32 + 1, () => 0)).toThrow(/bound/);
  });
});

describe('commit and reveal', () => {
  it('chains a day backwards from its last seed: each seed hashes to the one before', () => {
    const chain = drawSeedChain(seed, 3);
    expect(chain).toHaveLength(4);
    expect(chain[3]).toBe(seed);
    for (let issue = 1; issue <= 3; issue += 1) {
      expect(drawSeedCommitment(chain[issue] as string)).toBe(chain[issue - 1]);
    }
    expect(() => drawSeedChain(seed, 0)).toThrow();
  });

  it('verifies a draw from public data, and catches a broken commitment or result', () => {
    const shape = lotteryGames.syxw.draw;
    const [commitment = '', issueSeed = ''] = drawSeedChain(seed, 1);
    const numbers = deriveDrawNumbers(shape, issueSeed, id);
    const input = { shape, id, seedHex: issueSeed, commitmentHex: commitment, publishedNumbers: numbers };
    expect(verifyDraw(input)).toEqual({ isCommitmentKept: true, numbers, isResultKept: true });
    expect(verifyDraw({ ...input, seedHex: ` ${issueSeed.toUpperCase()} ` })).toMatchObject({
      isCommitmentKept: true,
      isResultKept: true,
    });
    expect(verifyDraw({ ...input, commitmentHex: seed })).toMatchObject({ isCommitmentKept: false });
    const altered = [...numbers.slice(0, 4), numbers[4] === 1 ? 2 : 1];
    expect(verifyDraw({ ...input, publishedNumbers: altered })).toMatchObject({ isResultKept: false });
    expect(verifyDraw({ ...input, seedHex: 'not a seed' })).toEqual({
      isCommitmentKept: false,
      numbers: [],
      isResultKept: false,
    });
  });
});

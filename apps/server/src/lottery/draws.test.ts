import { createHash, createHmac } from 'node:crypto';
import {
  type DrawShape,
  deriveDrawNumbers,
  drawSeedCommitment,
  lotteryGames,
  zodiacYearAnimal,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { drawResultOf, newDrawSeedChain } from './draws.ts';

/**
 * GAMES.md 3.8 written again on node:crypto, apart from the contract's pure-JS code, so the
 * verifier's derivation is checked against a second reading of the rule.
 */
function referenceDraw(shape: DrawShape, seedHex: string, lotteryCode: string, issueNo: string): number[] {
  const words: number[] = [];
  let round = 0;
  const below = (bound: number) => {
    for (;;) {
      if (words.length === 0) {
        const bytes = createHmac('sha256', seedHex).update(`${lotteryCode}:${issueNo}:${round}`).digest();
        round += 1;
        for (let offset = 0; offset < 32; offset += 4) {
          words.push(bytes.readUInt32BE(offset));
        }
      }
      const word = words.shift() as number;
      if (word < 2 ** 32 - (2 ** 32 % bound)) {
        return word % bound;
      }
    }
  };
  const size = shape.max - shape.min + 1;
  if (shape.isRepeatAllowed) {
    return Array.from({ length: shape.count }, () => shape.min + below(size));
  }
  const pool = Array.from({ length: size }, (_, index) => shape.min + index);
  for (let index = 0; index < shape.count; index += 1) {
    const swap = index + below(size - index);
    [pool[index], pool[swap]] = [pool[swap] as number, pool[index] as number];
  }
  return pool.slice(0, shape.count);
}

describe('lottery draws', () => {
  it('derive the numbers the reference reading of GAMES.md 3.8 gives, for every game', () => {
    const seedHex = createHash('sha256').update('reference').digest('hex');
    for (const [game, { draw: shape }] of Object.entries(lotteryGames)) {
      for (let issue = 0; issue < 300; issue += 1) {
        const id = { lotteryCode: game, issueNo: String(issue) };
        expect(deriveDrawNumbers(shape, seedHex, id)).toEqual(
          referenceDraw(shape, seedHex, game, id.issueNo),
        );
      }
    }
    expect(referenceDraw(lotteryGames.ssc.draw, 'a3'.repeat(32), 'SSC1', '20261125-0001')).toEqual([
      3, 0, 4, 0, 2,
    ]);
  });

  it('start a day from 32 random bytes, committing to every seed before its issue', () => {
    const chain = newDrawSeedChain(3, () => new Uint8Array(32).fill(7));
    expect(chain[3]).toBe('07'.repeat(32));
    expect(chain[0]).toBe(
      createHash('sha256')
        .update(
          createHash('sha256')
            .update(createHash('sha256').update(Buffer.alloc(32, 7)).digest())
            .digest(),
        )
        .digest('hex'),
    );
    expect(drawSeedCommitment(chain[1] as string)).toBe(chain[0]);
    const fresh = newDrawSeedChain(1);
    expect(fresh[1]).toMatch(/^[0-9a-f]{64}$/);
    expect(newDrawSeedChain(1)[1]).not.toBe(fresh[1]);
  });

  it('give an issue its numbers and the year animal settling needs', () => {
    const seedHex = '5eed'.repeat(16);
    const id = { lotteryCode: 'MS', issueNo: '2026001' };
    const drawnAt = new Date('2026-03-01T12:00:00Z');
    expect(drawResultOf('markSix', seedHex, id, drawnAt)).toEqual({
      numbers: deriveDrawNumbers(lotteryGames.markSix.draw, seedHex, id),
      yearAnimal: zodiacYearAnimal(drawnAt),
    });
  });
});

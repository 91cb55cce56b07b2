import { randomBytes } from 'node:crypto';
import {
  type DrawId,
  deriveDrawNumbers,
  drawSeedChain,
  type LotteryGameKind,
  lotteryGames,
  zodiacYearAnimal,
} from '@site/contract';
import type { DrawResult } from './play-rule.ts';

/**
 * The server's side of the commit-reveal draws (GAMES.md 3.8; derivation in the contract's
 * `lottery-draw.ts`, which the verifier page runs too).
 */

/** A fresh day's chain `[s_0 … s_issueCount]` from 32 random bytes; s_0 is published first. */
export function newDrawSeedChain(
  issueCount: number,
  random: (size: number) => Uint8Array = randomBytes,
): string[] {
  return drawSeedChain(Buffer.from(random(32)).toString('hex'), issueCount);
}

/** An issue's result from its seed, with what settling needs besides the numbers. */
export function drawResultOf(game: LotteryGameKind, seedHex: string, id: DrawId, drawnAt: Date): DrawResult {
  return {
    numbers: deriveDrawNumbers(lotteryGames[game].draw, seedHex, id),
    yearAnimal: zodiacYearAnimal(drawnAt),
  };
}

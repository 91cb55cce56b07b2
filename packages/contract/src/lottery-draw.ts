import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { FairStream } from './fair-stream.ts';
import type { DrawShape } from './lottery.ts';

/**
 * Provably fair lottery draws (GAMES.md 3.8), shared by the server that draws and the public
 * verifier page that recomputes. Pure JS (no WebCrypto), so it runs the same in Node and in a
 * page reached over plain HTTP, like `request-signature.ts`.
 *
 * Seeds: per lottery and day a random seed s_N is drawn and hashed backwards,
 * s_{i-1} = SHA-256(s_i), over the raw 32 bytes. s_0 is published before issue 1 opens; issue i
 * draws with s_i and reveals it after the draw, and anyone checks SHA-256(s_i) = s_{i-1}. So the
 * commitment of every issue is public before its betting opens.
 *
 * Numbers: the `FairStream` of the seed labelled `{lotteryCode}:{issueNo}` (HMAC-SHA256 rounds
 * read as uint32 words, integers below n by rejection sampling: no modulo bias). Games without
 * repeats pick by Fisher–Yates from the ordered pool min…max, in draw order.
 */

/** A seed: 32 bytes as 64 lower-case hex digits. */
export const drawSeedPattern = /^[0-9a-f]{64}$/;

/** The commitment to a seed: SHA-256 over its 32 bytes, in hex. */
export function drawSeedCommitment(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

export interface DrawId {
  lotteryCode: string;
  issueNo: string;
}

/** The numbers of a draw from its seed: deterministic, the same on server and verifier. */
export function deriveDrawNumbers(shape: DrawShape, seedHex: string, id: DrawId): number[] {
  if (!drawSeedPattern.test(seedHex)) {
    throw new Error('deriveDrawNumbers: the seed must be 64 lower-case hex digits');
  }
  const stream = new FairStream(seedHex, `${id.lotteryCode}:${id.issueNo}`);
  const size = shape.max - shape.min + 1;
  if (shape.isRepeatAllowed) {
    return Array.from({ length: shape.count }, () => shape.min + stream.below(size));
  }
  const pool = Array.from({ length: size }, (_, index) => shape.min + index);
  for (let index = 0; index < shape.count; index += 1) {
    const swap = index + stream.below(size - index);
    [pool[index], pool[swap]] = [pool[swap] as number, pool[index] as number];
  }
  return pool.slice(0, shape.count);
}

export interface DrawVerification {
  /** SHA-256 of the revealed seed equals the commitment published before betting. */
  isCommitmentKept: boolean;
  /** The numbers the seed gives. */
  numbers: number[];
  /** The published result equals them. */
  isResultKept: boolean;
}

/** What the verifier page shows for one issue: recomputed from public data only. */
export function verifyDraw(input: {
  shape: DrawShape;
  id: DrawId;
  seedHex: string;
  commitmentHex: string;
  publishedNumbers: readonly number[];
}): DrawVerification {
  const seedHex = input.seedHex.trim().toLowerCase();
  if (!drawSeedPattern.test(seedHex)) {
    return { isCommitmentKept: false, numbers: [], isResultKept: false };
  }
  const numbers = deriveDrawNumbers(input.shape, seedHex, input.id);
  return {
    isCommitmentKept: drawSeedCommitment(seedHex) === input.commitmentHex.trim().toLowerCase(),
    numbers,
    isResultKept:
      numbers.length === input.publishedNumbers.length &&
      numbers.every((value, index) => value === input.publishedNumbers[index]),
  };
}

/**
 * A day's seed chain from its last seed: `[s_0, s_1, …, s_issueCount]`, s_{i-1} = SHA-256(s_i).
 * s_0 is the day's published commitment; issue i draws with s_i.
 */
export function drawSeedChain(lastSeedHex: string, issueCount: number): string[] {
  if (!drawSeedPattern.test(lastSeedHex) || !Number.isSafeInteger(issueCount) || issueCount < 1) {
    throw new Error('drawSeedChain: a 64-hex-digit seed and at least one issue are needed');
  }
  const chain = [lastSeedHex];
  for (let index = 0; index < issueCount; index += 1) {
    chain.unshift(drawSeedCommitment(chain[0] as string));
  }
  return chain;
}

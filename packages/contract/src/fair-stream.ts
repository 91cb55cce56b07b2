import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The random stream behind every provably fair outcome (lottery draws, simulated matches): round
 * r is HMAC-SHA256(key = the seed's hex text, `{label}:{r}`), rounds 0, 1, 2 … read as
 * big-endian uint32 words. Anyone holding the revealed seed and the label reads the same words.
 * Pure JS (no WebCrypto), so a verifier page reached over plain HTTP runs it too.
 */

const wordsPerRound = 8;
const wordRange = 2 ** 32;

/**
 * A uniform integer in [0, bound) from uniform 32-bit words: a word at or above the largest
 * multiple of `bound` below 2^32 is thrown away and the next one read, so every residue is
 * reached from exactly ⌊2^32 / bound⌋ words.
 */
export function uniformBelow(bound: number, nextWord: () => number): number {
  if (!Number.isSafeInteger(bound) || bound < 1 || bound > wordRange) {
    throw new Error(`uniformBelow: bound ${bound} out of range`);
  }
  const limit = wordRange - (wordRange % bound);
  for (;;) {
    const word = nextWord();
    if (word < limit) {
      return word % bound;
    }
  }
}

export class FairStream {
  private readonly key: Uint8Array;
  private round = 0;
  private words: number[] = [];

  constructor(
    seedHex: string,
    private readonly label: string,
  ) {
    this.key = utf8ToBytes(seedHex);
  }

  /** A uniform integer in [0, bound). */
  below(bound: number): number {
    return uniformBelow(bound, () => this.nextWord());
  }

  /** A uniform float in [0, 1) with 53 random bits (two words). */
  unit(): number {
    const high = this.nextWord() >>> 5;
    const low = this.nextWord() >>> 6;
    return (high * 2 ** 26 + low) / 2 ** 53;
  }

  private nextWord(): number {
    if (this.words.length === 0) {
      const bytes = hmac(sha256, this.key, utf8ToBytes(`${this.label}:${this.round}`));
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.words = Array.from({ length: wordsPerRound }, (_, index) => view.getUint32(index * 4));
      this.round += 1;
    }
    return this.words.shift() as number;
  }
}

/**
 * The four odds formats of the spec (GAMES.md section 1), in integers only. Every odds value is
 * carried in ten-thousandths (`…E4`), as bets store their decimal odds (`odds_e4`): decimal 1.95
 * is 19500, Malay −0.6667 is −6667. The decimal price is the canonical one; a format's value is
 * derived from it, at 4 places (nearest) or as the 2-place display that is never more generous.
 */
import { type Fen, fen } from './format.ts';

/** The spec's odds display types with their ids; the IM flavour's `OddsType` names them. */
export const oddsFormatIds = { Malay: 1, Hongkong: 2, Europe: 3, Indonesia: 4 } as const;
export type OddsFormat = keyof typeof oddsFormatIds;
export const oddsFormats = Object.keys(oddsFormatIds) as OddsFormat[];

export function oddsFormatOfId(id: number): OddsFormat | undefined {
  return oddsFormats.find((format) => oddsFormatIds[format] === id);
}

/** 1.0000 in ten-thousandths. */
export const oddsE4One = 10_000;

/** One place of a 2-place display, in ten-thousandths. */
const displayStepE4 = 100;

type Rounding = 'down' | 'up' | 'nearest';

/** `numerator / denominator` for non-negative safe integers, rounded as asked, free of float error. */
function divide(numerator: number, denominator: number, rounding: Rounding): number {
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  if (remainder === 0 || rounding === 'down') {
    return quotient;
  }
  return rounding === 'up' || 2 * remainder >= denominator ? quotient + 1 : quotient;
}

/** Profit per 1 staked tops out at 10000 (Hong Kong 10000.00): Malay reaches −0.0001, Indonesian ±10000. */
const hongkongMaxE4 = 100_000_000;

function assertDecimalOdds(decimalOddsE4: number): void {
  if (
    !Number.isSafeInteger(decimalOddsE4) ||
    decimalOddsE4 <= oddsE4One ||
    decimalOddsE4 > oddsE4One + hongkongMaxE4
  ) {
    throw new RangeError(`decimal odds must be above 1.0000 and at most 10001, got ${decimalOddsE4} e4`);
  }
}

/** Malay shows −1/H above H 1.00, Indonesian below it; Hong Kong and Europe are never negative. */
function isNegativeIn(format: OddsFormat, hongkongE4: number): boolean {
  switch (format) {
    case 'Malay':
      return hongkongE4 > oddsE4One;
    case 'Indonesia':
      return hongkongE4 < oddsE4One;
    case 'Hongkong':
    case 'Europe':
      return false;
  }
}

/** The price in `format` at 4 places: D 2.50 is Malay −0.6667 (−6667), D 1.95 Indonesian −1.0526. */
export function oddsInFormatE4(decimalOddsE4: number, format: OddsFormat): number {
  assertDecimalOdds(decimalOddsE4);
  const hongkongE4 = decimalOddsE4 - oddsE4One;
  if (format === 'Europe') {
    return decimalOddsE4;
  }
  if (isNegativeIn(format, hongkongE4)) {
    return -divide(oddsE4One * oddsE4One, hongkongE4, 'nearest');
  }
  return hongkongE4;
}

/**
 * The 2-place display of the price in `format`, still in ten-thousandths (a multiple of 100).
 * Positive values are cut towards 0 and negative ones rounded away from 0, both from the exact
 * value, so the display never promises more than the decimal price: D 1.95 shows Indonesian −1.06.
 */
export function displayOddsE4(decimalOddsE4: number, format: OddsFormat): number {
  assertDecimalOdds(decimalOddsE4);
  const hongkongE4 = decimalOddsE4 - oddsE4One;
  if (isNegativeIn(format, hongkongE4)) {
    return -divide(oddsE4One * oddsE4One, hongkongE4 * displayStepE4, 'up') * displayStepE4;
  }
  const valueE4 = format === 'Europe' ? decimalOddsE4 : hongkongE4;
  return divide(valueE4, displayStepE4, 'down') * displayStepE4;
}

/** Whether `valueE4` is a price `format` can show: Malay in −1…+1 without 0, Indonesian never inside ±1. */
export function isOddsValueIn(valueE4: number, format: OddsFormat): boolean {
  if (!Number.isSafeInteger(valueE4)) {
    return false;
  }
  const magnitudeE4 = Math.abs(valueE4);
  switch (format) {
    case 'Europe':
      return valueE4 > oddsE4One && valueE4 <= oddsE4One + hongkongMaxE4;
    case 'Hongkong':
      return valueE4 > 0 && valueE4 <= hongkongMaxE4;
    case 'Malay':
      return valueE4 !== 0 && magnitudeE4 <= oddsE4One;
    case 'Indonesia':
      return magnitudeE4 >= oddsE4One && magnitudeE4 <= hongkongMaxE4;
  }
}

function assertOddsValueIn(valueE4: number, format: OddsFormat): void {
  if (!isOddsValueIn(valueE4, format)) {
    throw new RangeError(`${valueE4} e4 is no ${format} price`);
  }
}

/**
 * Back to decimal odds, to the nearest ten-thousandth: a positive value v is 1 + v, a negative
 * one 1 + 1/|v|. A negative display carries less precision than 4-place decimal odds, so only
 * the finer of the two survives a round trip exactly.
 */
export function decimalOddsE4Of(valueE4: number, format: OddsFormat): number {
  assertOddsValueIn(valueE4, format);
  if (format === 'Europe') {
    return valueE4;
  }
  if (valueE4 < 0) {
    return oddsE4One + divide(oddsE4One * oddsE4One, -valueE4, 'nearest');
  }
  return oddsE4One + valueE4;
}

/** Odds text with up to 4 places ("1.95", "-0.6667"), as ten-thousandths; a schema checked its shape. */
export function oddsE4OfText(odds: string): number {
  const sign = odds.startsWith('-') ? -1 : 1;
  const [whole = '0', fraction = ''] = odds.replace(/^[-+]/, '').split('.');
  return sign * (Number(whole) * oddsE4One + Number(fraction.padEnd(4, '0')));
}

/** `-6667` -> `'-0.6667'`; with 2 places the value must be a display (a multiple of 100). */
export function formatOddsValue(valueE4: number, decimals: 2 | 4 = 4): string {
  const scaleE4 = decimals === 2 ? displayStepE4 : 1;
  if (!Number.isSafeInteger(valueE4) || valueE4 % scaleE4 !== 0) {
    throw new RangeError(`${valueE4} e4 has more than ${decimals} places`);
  }
  const digits = String(Math.abs(valueE4) / scaleE4).padStart(decimals + 1, '0');
  const sign = valueE4 < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** What a bet puts at risk (reserved, lost in full) and what it wins on top of it, in fen. */
export interface BetAmounts {
  readonly riskFen: Fen;
  readonly winFen: Fen;
}

/**
 * A stake at a price in `format`. A positive price risks the stake and wins stake × profit
 * (decimal: D − 1), floored to the fen; a negative one (Asian convention) wins the stake and
 * risks stake × |price|, which is what is reserved, rounded up to the fen: like the display,
 * the amounts never pay more than the price (a floored risk would let 1 fen at −0.67 risk
 * nothing to win 1 fen).
 */
export function betAmountsOf(stakeFen: Fen, oddsE4: number, format: OddsFormat): BetAmounts {
  if (stakeFen <= 0n) {
    throw new RangeError(`stake must be positive, got ${stakeFen} fen`);
  }
  assertOddsValueIn(oddsE4, format);
  const one = BigInt(oddsE4One);
  if (oddsE4 < 0) {
    return { riskFen: fen((stakeFen * BigInt(-oddsE4) + one - 1n) / one), winFen: stakeFen };
  }
  const profitE4 = format === 'Europe' ? oddsE4 - oddsE4One : oddsE4;
  return { riskFen: stakeFen, winFen: fen((stakeFen * BigInt(profitE4)) / one) };
}

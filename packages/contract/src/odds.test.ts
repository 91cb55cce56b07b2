import { describe, expect, it } from 'vitest';
import { fen } from './format.ts';
import {
  betAmountsOf,
  decimalOddsE4Of,
  displayOddsE4,
  formatOddsValue,
  isOddsValueIn,
  type OddsFormat,
  oddsE4OfText,
  oddsE4One,
  oddsFormatIds,
  oddsFormatOfId,
  oddsFormats,
  oddsInFormatE4,
} from './odds.ts';

/** Every decimal price from 1.0001 to 10.0000, then a coarser walk up to the 10000 ceiling. */
const decimalPricesE4 = [
  ...Array.from({ length: 90_000 }, (_, index) => 10_001 + index),
  ...Array.from({ length: 9_980 }, (_, index) => 100_001 + index * 10_009),
];

function formatted(decimalOddsE4: number, format: OddsFormat) {
  return {
    fourPlaces: formatOddsValue(oddsInFormatE4(decimalOddsE4, format)),
    display: formatOddsValue(displayOddsE4(decimalOddsE4, format), 2),
  };
}

describe('odds formats', () => {
  it('carries the spec ids, Malay 1, Hongkong 2, Europe 3, Indonesia 4', () => {
    expect(oddsFormatIds).toEqual({ Malay: 1, Hongkong: 2, Europe: 3, Indonesia: 4 });
    expect(oddsFormats.map((format) => oddsFormatOfId(oddsFormatIds[format]))).toEqual(oddsFormats);
    expect(oddsFormatOfId(0)).toBeUndefined();
    expect(oddsFormatOfId(5)).toBeUndefined();
  });

  it('converts the worked numbers of GAMES.md section 1', () => {
    expect(formatted(18_000, 'Hongkong')).toEqual({ fourPlaces: '0.8000', display: '0.80' });
    expect(formatted(18_000, 'Malay')).toEqual({ fourPlaces: '0.8000', display: '0.80' });
    expect(formatted(18_000, 'Indonesia')).toEqual({ fourPlaces: '-1.2500', display: '-1.25' });
    expect(formatted(25_000, 'Hongkong')).toEqual({ fourPlaces: '1.5000', display: '1.50' });
    expect(formatted(25_000, 'Malay')).toEqual({ fourPlaces: '-0.6667', display: '-0.67' });
    expect(formatted(25_000, 'Indonesia')).toEqual({ fourPlaces: '1.5000', display: '1.50' });
    expect(formatted(19_500, 'Hongkong')).toEqual({ fourPlaces: '0.9500', display: '0.95' });
    expect(formatted(19_500, 'Malay')).toEqual({ fourPlaces: '0.9500', display: '0.95' });
    expect(formatted(19_500, 'Indonesia')).toEqual({ fourPlaces: '-1.0526', display: '-1.06' });
    expect(formatted(19_500, 'Europe')).toEqual({ fourPlaces: '1.9500', display: '1.95' });
  });

  it('shows Hong Kong 1.00 as Malay and Indonesian 1.00, the point where both change sign', () => {
    expect(oddsInFormatE4(20_000, 'Malay')).toBe(10_000);
    expect(oddsInFormatE4(20_000, 'Indonesia')).toBe(10_000);
    expect(displayOddsE4(20_001, 'Malay')).toBe(-10_000);
    expect(displayOddsE4(19_999, 'Indonesia')).toBe(-10_100);
    expect(decimalOddsE4Of(-10_000, 'Malay')).toBe(decimalOddsE4Of(10_000, 'Malay'));
  });

  it('keeps Malay within ±1 and Indonesian outside ±1 for every price', () => {
    const misplaced = decimalPricesE4.filter(
      (decimalOddsE4) =>
        Math.abs(oddsInFormatE4(decimalOddsE4, 'Malay')) > oddsE4One ||
        Math.abs(displayOddsE4(decimalOddsE4, 'Malay')) > oddsE4One ||
        Math.abs(oddsInFormatE4(decimalOddsE4, 'Indonesia')) < oddsE4One,
    );
    expect(misplaced).toEqual([]);
  });

  it('round-trips exactly wherever the format is at least as fine as 4-place decimal odds', () => {
    const roundTrip = (decimalOddsE4: number, format: OddsFormat) =>
      decimalOddsE4Of(oddsInFormatE4(decimalOddsE4, format), format);
    const lost = decimalPricesE4.filter(
      (decimalOddsE4) =>
        roundTrip(decimalOddsE4, 'Europe') !== decimalOddsE4 ||
        roundTrip(decimalOddsE4, 'Hongkong') !== decimalOddsE4 ||
        roundTrip(decimalOddsE4, 'Indonesia') !== decimalOddsE4 ||
        (decimalOddsE4 <= 20_000 && roundTrip(decimalOddsE4, 'Malay') !== decimalOddsE4),
    );
    expect(lost).toEqual([]);
    // A negative Malay price is finer than the decimal price behind it: it survives the trip back
    // (−1.0000 comes back as its equal, +1.0000).
    const malayPricesE4 = Array.from({ length: 9_999 }, (_, index) => -9_999 + index);
    const lostMalay = malayPricesE4.filter(
      (malayE4) => oddsInFormatE4(decimalOddsE4Of(malayE4, 'Malay'), 'Malay') !== malayE4,
    );
    expect(lostMalay).toEqual([]);
  });

  it('shows 2 places that never promise more than the price, and are off by less than one place', () => {
    const isFairDisplay = (decimalOddsE4: number, format: OddsFormat) => {
      const hongkongE4 = decimalOddsE4 - oddsE4One;
      const displayE4 = displayOddsE4(decimalOddsE4, format);
      if (displayE4 % 100 !== 0) {
        return false;
      }
      if (displayE4 < 0) {
        // 1 + 1/|display| <= D, i.e. |display| x H >= 1 (both in ten-thousandths: 10^8).
        return -displayE4 * hongkongE4 >= 10 ** 8 && (-displayE4 - 100) * hongkongE4 < 10 ** 8;
      }
      const valueE4 = format === 'Europe' ? decimalOddsE4 : hongkongE4;
      return displayE4 <= valueE4 && displayE4 > valueE4 - 100;
    };
    for (const format of oddsFormats) {
      expect(decimalPricesE4.filter((decimalOddsE4) => !isFairDisplay(decimalOddsE4, format))).toEqual([]);
    }
  });

  it('refuses prices a format cannot show', () => {
    expect(isOddsValueIn(0, 'Malay')).toBe(false);
    expect(isOddsValueIn(10_001, 'Malay')).toBe(false);
    expect(isOddsValueIn(-5_000, 'Indonesia')).toBe(false);
    expect(isOddsValueIn(9_999, 'Indonesia')).toBe(false);
    expect(isOddsValueIn(10_000, 'Europe')).toBe(false);
    expect(isOddsValueIn(-9_000, 'Hongkong')).toBe(false);
    expect(isOddsValueIn(1.5, 'Hongkong')).toBe(false);
    expect(() => decimalOddsE4Of(0, 'Malay')).toThrow(RangeError);
    expect(() => oddsInFormatE4(10_000, 'Indonesia')).toThrow(RangeError);
    expect(() => displayOddsE4(100_010_001, 'Europe')).toThrow(RangeError);
    expect(() => formatOddsValue(-6_667, 2)).toThrow(RangeError);
  });

  it('reads and writes odds text in ten-thousandths', () => {
    expect(oddsE4OfText('1.95')).toBe(19_500);
    expect(oddsE4OfText('2')).toBe(20_000);
    expect(oddsE4OfText('1.0001')).toBe(10_001);
    expect(oddsE4OfText('-0.6667')).toBe(-6_667);
    expect(formatOddsValue(19_500)).toBe('1.9500');
    expect(formatOddsValue(1_234_567)).toBe('123.4567');
    expect(oddsE4OfText(formatOddsValue(-10_526))).toBe(-10_526);
  });
});

describe('bet amounts', () => {
  const amounts = (stakeFen: bigint, oddsE4: number, format: OddsFormat) => {
    const { riskFen, winFen } = betAmountsOf(fen(stakeFen), oddsE4, format);
    return { riskFen, winFen };
  };

  it('risks the stake and wins stake x profit at a positive price', () => {
    expect(amounts(10_000n, 19_500, 'Europe')).toEqual({ riskFen: 10_000n, winFen: 9_500n });
    expect(amounts(10_000n, 9_000, 'Hongkong')).toEqual({ riskFen: 10_000n, winFen: 9_000n });
    expect(amounts(10_000n, 8_000, 'Malay')).toEqual({ riskFen: 10_000n, winFen: 8_000n });
    expect(amounts(10_000n, 15_000, 'Indonesia')).toEqual({ riskFen: 10_000n, winFen: 15_000n });
  });

  it('wins the stake and reserves stake x |price| at a negative price', () => {
    expect(amounts(10_000n, -6_700, 'Malay')).toEqual({ riskFen: 6_700n, winFen: 10_000n });
    expect(amounts(10_000n, -12_500, 'Indonesia')).toEqual({ riskFen: 12_500n, winFen: 10_000n });
    expect(amounts(10_000n, -10_600, 'Indonesia')).toEqual({ riskFen: 10_600n, winFen: 10_000n });
  });

  it('floors the win and rounds the risk up, so an odd fen never pays more than the price', () => {
    expect(amounts(333n, 19_500, 'Europe')).toEqual({ riskFen: 333n, winFen: 316n });
    expect(amounts(1n, -6_700, 'Malay')).toEqual({ riskFen: 1n, winFen: 1n });
    expect(amounts(333n, -6_700, 'Malay')).toEqual({ riskFen: 224n, winFen: 333n });
    for (const stakeFen of [1n, 7n, 99n, 1_001n, 123_457n]) {
      for (const decimalOddsE4 of [10_100, 14_321, 18_000, 19_500, 20_000, 20_001, 25_000, 77_777]) {
        for (const format of oddsFormats) {
          const { riskFen, winFen } = amounts(stakeFen, displayOddsE4(decimalOddsE4, format), format);
          // (risk + win) / risk <= D, in integers.
          expect((riskFen + winFen) * 10_000n).toBeLessThanOrEqual(riskFen * BigInt(decimalOddsE4));
        }
      }
    }
  });

  it('refuses a stake that is not positive and a price the format cannot show', () => {
    expect(() => betAmountsOf(fen(0n), 19_500, 'Europe')).toThrow(RangeError);
    expect(() => betAmountsOf(fen(100n), -9_000, 'Indonesia')).toThrow(RangeError);
  });
});

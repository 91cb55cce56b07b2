import { describe, expect, it } from 'vitest';
import { positionTrend, temperatureBandOf } from './trend.ts';
import { trendSeriesOf } from './trend-series.ts';

const draws = (...firstDigits: number[]) =>
  firstDigits.map((digit, index) => ({
    issueNo: `20261125-${String(index + 1).padStart(4, '0')}`,
    numbers: [digit, 9],
  }));

describe('positionTrend', () => {
  it('counts 遗漏 per value as draws since it last came out, 0 on the hit', () => {
    const trend = positionTrend(draws(1, 2, 1, 3), 0, [1, 2, 3, 4]);
    expect(trend.rows.map((row) => row.cells.map((cell) => cell.missing))).toEqual([
      [0, 1, 1, 1],
      [1, 0, 2, 2],
      [0, 1, 3, 3],
      [1, 2, 0, 4],
    ]);
    expect(trend.rows.map((row) => row.drawn)).toEqual([1, 2, 1, 3]);
    expect(trend.rows[2]?.cells[0]).toEqual({ value: 1, isHit: true, missing: 0 });
  });

  it('sums counts, current and longest 遗漏 and marks the most and least drawn hot and cold', () => {
    const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const trend = positionTrend(draws(7, 7, 7, 2, 7, 2, 5), 0, values);
    const byValue = new Map(trend.stats.map((stat) => [stat.value, stat]));
    expect(byValue.get(7)).toMatchObject({ count: 4, currentMissing: 2, maxMissing: 2, temperature: 'hot' });
    expect(byValue.get(2)).toMatchObject({ count: 2, currentMissing: 1, maxMissing: 3, temperature: 'hot' });
    expect(byValue.get(0)).toMatchObject({ count: 0, currentMissing: 7, maxMissing: 7, temperature: 'cold' });
    expect(byValue.get(5)).toMatchObject({
      count: 1,
      currentMissing: 0,
      maxMissing: 6,
      temperature: 'normal',
    });
    expect(trend.stats.filter((stat) => stat.temperature === 'hot')).toHaveLength(temperatureBandOf(10));
    const cold = trend.stats.filter((stat) => stat.temperature === 'cold').map((stat) => stat.value);
    expect(cold).toEqual([0, 1, 3, 4, 6, 8, 9]);
  });

  it('marks ties alike, and nothing when every value came equally often', () => {
    const tied = positionTrend(draws(1, 2, 3, 4), 0, [1, 2, 3, 4]);
    expect(tied.stats.map((stat) => stat.temperature)).toEqual(['normal', 'normal', 'normal', 'normal']);
    const oneHot = positionTrend(draws(9), 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(oneHot.stats.filter((stat) => stat.temperature === 'hot').map((stat) => stat.value)).toEqual([9]);
    expect(oneHot.stats.filter((stat) => stat.temperature === 'cold')).toHaveLength(9);
  });

  it('reads the asked position and calls nothing hot or cold without draws', () => {
    expect(positionTrend(draws(1, 2), 1, [8, 9]).stats.map((stat) => stat.count)).toEqual([0, 2]);
    const empty = positionTrend([], 0, [1, 2, 3]);
    expect(empty.rows).toEqual([]);
    expect(empty.stats.every((stat) => stat.temperature === 'normal' && stat.count === 0)).toBe(true);
  });
});

describe('trendSeriesOf', () => {
  it('has every position of the draw, and the sum for 快3 and PC28', () => {
    expect(trendSeriesOf('ssc', '和值').map((series) => series.label)).toEqual([
      '万位',
      '千位',
      '百位',
      '十位',
      '个位',
    ]);
    const k3Sum = trendSeriesOf('k3', '和值').at(-1);
    expect(k3Sum?.values).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(k3Sum?.of([1, 5, 6])).toBe(12);
    expect(trendSeriesOf('pc28', '和值').at(-1)?.values).toHaveLength(28);
    expect(trendSeriesOf('markSix', '和值')).toHaveLength(7);
    expect(trendSeriesOf('pk10', '和值')[1]?.of([3, 7, 1])).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import { lineText, marketName, selectionName, slipName } from './labels.ts';
import { acceptedOddsE4 } from './service.ts';

describe('market and pick names', () => {
  it('writes lines in goals, the handicap signed from each side', () => {
    expect(lineText(-3, true)).toBe('-0.75');
    expect(lineText(2, true)).toBe('+0.5');
    expect(lineText(0, true)).toBe('0.0');
    expect(lineText(10, false)).toBe('2.5');
    expect(
      selectionName({ kind: 'asian_handicap', period: 'full_time', homeLineQuarters: -3, pick: 'home' }),
    ).toBe('主 -0.75');
    expect(
      selectionName({ kind: 'asian_handicap', period: 'full_time', homeLineQuarters: -3, pick: 'away' }),
    ).toBe('客 +0.75');
    expect(selectionName({ kind: 'over_under', period: 'half_time', lineQuarters: 5, pick: 'under' })).toBe(
      '小 1.25',
    );
    expect(selectionName({ kind: 'correct_score', period: 'full_time', pick: { home: 2, away: 1 } })).toBe(
      '2-1',
    );
    expect(selectionName({ kind: 'half_time_full_time', pick: { halfTime: 'draw', fullTime: 'home' } })).toBe(
      '和/主',
    );
  });

  it('names markets per sport and period, and slips by their legs', () => {
    expect(marketName('football', { kind: 'over_under', period: 'half_time', lineQuarters: 5 })).toBe(
      '半场大小',
    );
    expect(marketName('esports', { kind: 'asian_handicap', period: 'full_time', homeLineQuarters: -6 })).toBe(
      '地图让分',
    );
    expect(marketName('basketball', { kind: 'over_under', period: 'full_time', lineQuarters: 800 })).toBe(
      '总分',
    );
    expect([slipName('single', 1, 1), slipName('parlay', 3, 1), slipName('system', 3, 4)]).toEqual([
      '单注',
      '3串1',
      '3串4',
    ]);
  });
});

describe('odds changes (GAMES.md 2.3)', () => {
  it('takes the current price as the member accepts changes', () => {
    expect(acceptedOddsE4(19_500, 19_500, 'none')).toBe(19_500);
    expect(acceptedOddsE4(19_500, 19_600, 'none')).toBeUndefined();
    expect(acceptedOddsE4(19_500, 19_600, 'better')).toBe(19_600);
    expect(acceptedOddsE4(19_500, 19_400, 'better')).toBeUndefined();
    expect(acceptedOddsE4(19_500, 19_400, 'any')).toBe(19_400);
  });
});

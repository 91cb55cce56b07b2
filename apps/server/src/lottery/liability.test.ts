import { describe, expect, it } from 'vitest';
import { describeExposure, ticketExposures } from './liability.ts';

const edge = 1_000;

describe('ticket exposures', () => {
  it('owes each pick of a one-note-per-pick play one prize times the multiplier', () => {
    const exposures = ticketExposures(
      {
        playId: 'ssc_position',
        selection: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
        unit: 'yuan',
        multiplier: 3,
      },
      edge,
    );
    expect(exposures.size).toBe(10);
    // 2.00 × 10 × 90 % × 3.
    expect(exposures.get('ssc_position:0:7')).toBe(5_400n);
  });

  it('owes a pick the notes that include it, at the top prize', () => {
    // 2 notes: 1 3 4 and 2 3 4. 1 in 1000 at 90 %: 1,800.00 a note.
    const exposures = ticketExposures(
      { playId: 'ssc_3_direct_back', selection: [[1, 2], [3], [4]], unit: 'yuan', multiplier: 1 },
      edge,
    );
    expect(Object.fromEntries(exposures)).toEqual({
      'ssc_3_direct_back:0:1': 180_000n,
      'ssc_3_direct_back:0:2': 180_000n,
      'ssc_3_direct_back:1:3': 360_000n,
      'ssc_3_direct_back:2:4': 360_000n,
    });
  });

  it("owes a pick of a play whose levels are its options that option's prize", () => {
    // 快3 和值 3: 1 in 216; 和值 10: 27 in 216; in 角 (0.20 a note).
    const exposures = ticketExposures(
      { playId: 'k3_sum', selection: [[3, 10]], unit: 'jiao', multiplier: 1 },
      edge,
    );
    expect(Object.fromEntries(exposures)).toEqual({ 'k3_sum:0:3': 3_888n, 'k3_sum:0:10': 144n });
  });

  it('names a number by its play, row and option', () => {
    expect(describeExposure('ssc_position:0:7')).toEqual({
      number: 'ssc_position:0:7',
      playId: 'ssc_position',
      playName: '定位胆',
      position: '万位',
      pick: '7',
    });
    expect(describeExposure('k3_sides:0:0')).toMatchObject({ playName: '大小单双', pick: '大' });
  });
});

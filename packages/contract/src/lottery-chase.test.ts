import { describe, expect, it } from 'vitest';
import { fen } from './format.ts';
import {
  chaseIssueNos,
  chaseMultipliers,
  chaseStakesFen,
  chaseStopAfter,
  chaseTotalStakeFen,
} from './lottery-chase.ts';

describe('chaseMultipliers', () => {
  it('同倍: the same multiplier every issue', () => {
    expect(chaseMultipliers({ kind: 'constant', issueCount: 3, multiplier: 5 })).toEqual({
      isValid: true,
      multipliers: [5, 5, 5],
    });
  });

  it('翻倍: multiplier × ratio^⌊i / every⌋', () => {
    expect(chaseMultipliers({ kind: 'doubling', issueCount: 5, multiplier: 1, ratio: 2, every: 1 })).toEqual({
      isValid: true,
      multipliers: [1, 2, 4, 8, 16],
    });
    expect(chaseMultipliers({ kind: 'doubling', issueCount: 6, multiplier: 3, ratio: 2, every: 2 })).toEqual({
      isValid: true,
      multipliers: [3, 3, 6, 6, 12, 12],
    });
  });

  it('利润率: the least multiplier that returns the target profit on a win', () => {
    // c = 2.00, P = 19.60 (定位胆 at 98 %), t = 50 %: margin per multiplier 1960 − 300 = 1660 fen.
    const plan = {
      kind: 'profit' as const,
      issueCount: 5,
      multiplier: 1,
      profitPercent: 50,
      stakeFen: fen(200n),
      prizeFen: fen(1960n),
    };
    // Costs before each issue 0, 200, 400, 600, 800 → ⌈1.5·C / 1660⌉ = 0, 1, 1, 1, 1 → at least 1.
    expect(chaseMultipliers(plan)).toEqual({ isValid: true, multipliers: [1, 1, 1, 1, 1] });
    // P = 4.00: margin 400 − 300 = 100 fen; costs 0, 200, 800 → ⌈1.5·C / 100⌉ → 1, 3, 12.
    expect(chaseMultipliers({ ...plan, issueCount: 3, prizeFen: fen(400n) })).toEqual({
      isValid: true,
      multipliers: [1, 3, 12],
    });
  });

  it('refuse plans out of bounds', () => {
    expect(chaseMultipliers({ kind: 'constant', issueCount: 0, multiplier: 1 })).toEqual({
      isValid: false,
      problem: 'issueCount',
    });
    expect(chaseMultipliers({ kind: 'constant', issueCount: 121, multiplier: 1 })).toMatchObject({
      problem: 'issueCount',
    });
    expect(chaseMultipliers({ kind: 'constant', issueCount: 3, multiplier: 10_000 })).toMatchObject({
      problem: 'multiplier',
    });
    // 2^14 > 9999 by the 15th issue.
    expect(
      chaseMultipliers({ kind: 'doubling', issueCount: 15, multiplier: 1, ratio: 2, every: 1 }),
    ).toMatchObject({
      problem: 'multiplier',
    });
    expect(
      chaseMultipliers({ kind: 'doubling', issueCount: 120, multiplier: 1, ratio: 100, every: 1 }),
    ).toMatchObject({
      problem: 'multiplier',
    });
    expect(
      chaseMultipliers({ kind: 'doubling', issueCount: 3, multiplier: 1, ratio: 0, every: 1 }),
    ).toMatchObject({
      problem: 'ratio',
    });
    const profit = {
      kind: 'profit' as const,
      issueCount: 3,
      multiplier: 1,
      profitPercent: 50,
      stakeFen: fen(200n),
      prizeFen: fen(300n),
    };
    expect(chaseMultipliers(profit)).toMatchObject({ problem: 'profitUnreachable' });
    expect(chaseMultipliers({ ...profit, prizeFen: fen(301n), issueCount: 120 })).toMatchObject({
      problem: 'multiplier',
    });
  });
});

describe('chase stakes', () => {
  it('cost the ticket stake times each issue multiplier', () => {
    expect(chaseStakesFen(fen(400n), [1, 2, 4])).toEqual([400n, 800n, 1600n]);
    expect(chaseTotalStakeFen(fen(400n), [1, 2, 4])).toBe(2800n);
  });

  it('中奖后停止 cancels every later issue after a win, and nothing otherwise', () => {
    const stakes = chaseStakesFen(fen(200n), [1, 2, 4, 8]);
    expect(chaseStopAfter(stakes, 1, { hasWon: true, isStopOnWin: true })).toEqual({
      cancelledIndexes: [2, 3],
      stakeFen: 2400n,
    });
    expect(chaseStopAfter(stakes, 1, { hasWon: true, isStopOnWin: false })).toEqual({
      cancelledIndexes: [],
      stakeFen: 0n,
    });
    expect(chaseStopAfter(stakes, 1, { hasWon: false, isStopOnWin: true }).cancelledIndexes).toEqual([]);
    expect(chaseStopAfter(stakes, 3, { hasWon: true, isStopOnWin: true }).cancelledIndexes).toEqual([]);
  });
});

describe('chaseIssueNos', () => {
  it('counts on within the Beijing day', () => {
    // 分分彩: issue 700 of 2026-11-25 draws 700 minutes after Beijing midnight.
    const start = { issueNo: '20261125-0700', drawAt: '2026-11-25T03:40:00.000Z' };
    expect(chaseIssueNos(start, 60, 3)).toEqual(['20261125-0700', '20261125-0701', '20261125-0702']);
  });

  it('starts the next Beijing day again at 0001 after its last issue', () => {
    // The last of 1440 issues draws at midnight; the next day's first one a minute later.
    const start = { issueNo: '20261125-1439', drawAt: '2026-11-25T15:59:00.000Z' };
    expect(chaseIssueNos(start, 60, 4)).toEqual([
      '20261125-1439',
      '20261125-1440',
      '20261126-0001',
      '20261126-0002',
    ]);
  });

  it('reads the first draw of the day off the start: 六合彩 once a day at 21:30', () => {
    const start = { issueNo: '20261231-0001', drawAt: '2026-12-31T13:30:00.000Z' };
    expect(chaseIssueNos(start, 86_400, 2)).toEqual(['20261231-0001', '20270101-0001']);
  });

  it('answers nothing for what is no issue number', () => {
    expect(chaseIssueNos({ issueNo: 'x', drawAt: '2026-11-25T03:40:00.000Z' }, 60, 3)).toEqual([]);
  });
});

import { fen, type LotteryChaseView, type LotteryTicketView } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { type ChasePlanInput, chasePreview, chaseProgress, planOf } from './chase-plan.ts';

const start = { issueNo: '20261125-1438', drawAt: '2026-11-25T15:58:00.000Z' };
const constant: ChasePlanInput = { kind: 'constant', issueCount: 3, multiplier: 2, ratio: 2, every: 1 };

describe('chasePreview', () => {
  it('同倍: every issue the basket times the multiplier, issue numbers running into the next day', () => {
    // 11 notes at 元 ×1 (22.00) and 5 notes at 角 ×3 (3.00): 25.00 a basket, 50.00 at ×2.
    const preview = chasePreview(
      { ...constant, issueCount: 4 },
      [
        { notes: 11, unit: 'yuan', multiplier: 1 },
        { notes: 5, unit: 'jiao', multiplier: 3 },
      ],
      start,
      60,
    );
    expect(preview).toEqual({
      isValid: true,
      issues: [
        { issueNo: '20261125-1438', multiplier: 2, stakeFen: fen(5000n), runningFen: fen(5000n) },
        { issueNo: '20261125-1439', multiplier: 2, stakeFen: fen(5000n), runningFen: fen(10000n) },
        { issueNo: '20261125-1440', multiplier: 2, stakeFen: fen(5000n), runningFen: fen(15000n) },
        { issueNo: '20261126-0001', multiplier: 2, stakeFen: fen(5000n), runningFen: fen(20000n) },
      ],
      totalFen: fen(20000n),
    });
  });

  it('翻倍: the multiplier grows by the ratio every so many issues', () => {
    const preview = chasePreview(
      { kind: 'doubling', issueCount: 5, multiplier: 1, ratio: 3, every: 2 },
      [{ notes: 1, unit: 'yuan', multiplier: 1 }],
      start,
      60,
    );
    expect(preview.isValid && preview.issues.map((issue) => [issue.multiplier, issue.stakeFen])).toEqual([
      [1, 200n],
      [1, 200n],
      [3, 600n],
      [3, 600n],
      [9, 1800n],
    ]);
    expect(preview.isValid && preview.totalFen).toBe(3400n);
  });

  it("refuses with the contract's words a plan whose multiplier passes the cap on any ticket", () => {
    const plan: ChasePlanInput = { kind: 'doubling', issueCount: 20, multiplier: 1, ratio: 2, every: 1 };
    expect(chasePreview(plan, [{ notes: 1, unit: 'yuan', multiplier: 1 }], start, 60)).toEqual({
      isValid: false,
      problem: '倍数须为 1-9999 的整数',
    });
    // ×5000 on its own is fine, but a ticket already at ×2 would reach 10000.
    const atCap: ChasePlanInput = { ...constant, multiplier: 5_000 };
    expect(chasePreview(atCap, [{ notes: 1, unit: 'yuan', multiplier: 1 }], start, 60).isValid).toBe(true);
    expect(chasePreview(atCap, [{ notes: 1, unit: 'yuan', multiplier: 2 }], start, 60)).toEqual({
      isValid: false,
      problem: '倍数须为 1-9999 的整数',
    });
    expect(chasePreview({ ...constant, issueCount: 121 }, [], start, 60)).toEqual({
      isValid: false,
      problem: '追号期数须为 1-120 期',
    });
  });

  it('sends each ticket its own multiplier times the plan', () => {
    expect(planOf({ kind: 'doubling', issueCount: 3, multiplier: 2, ratio: 2, every: 1 }, 3)).toEqual({
      kind: 'doubling',
      issueCount: 3,
      multiplier: 6,
      ratio: 2,
      every: 1,
    });
    expect(planOf(constant, 4)).toEqual({ kind: 'constant', issueCount: 3, multiplier: 8 });
  });
});

const ticket = (status: LotteryTicketView['status'], stake: string, payout: string | null) =>
  ({ status, stake, payout }) as LotteryTicketView;

describe('chaseProgress', () => {
  it('counts placed issues, what they staked (refunds aside) and what the wins paid', () => {
    const chase = {
      issues: [
        { status: 'placed', stake: '20.00', ticket: ticket('lost', '20.00', '0.00') },
        { status: 'placed', stake: '40.00', ticket: ticket('won', '40.00', '72.00') },
        { status: 'placed', stake: '80.00', ticket: ticket('void', '80.00', '80.00') },
        { status: 'placed', stake: '160.00', ticket: ticket('open', '160.00', null) },
        { status: 'waiting', stake: '320.00', ticket: null },
      ],
    } as unknown as LotteryChaseView;
    expect(chaseProgress(chase)).toEqual({
      placedCount: 4,
      issueCount: 5,
      spentFen: fen(22_000n),
      wonFen: fen(7_200n),
    });
  });
});

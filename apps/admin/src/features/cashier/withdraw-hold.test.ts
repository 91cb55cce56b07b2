import { describe, expect, it } from 'vitest';
import { feeRuleText } from './fee-rule.ts';
import { holdStateOf, holdText } from './withdraw-hold.ts';

const now = Date.parse('2026-11-23T12:00:00.000Z');
const inFiveMinutes = '2026-11-23T12:05:00.000Z';

describe('holdStateOf', () => {
  it('is free when nobody holds the pending order', () => {
    expect(holdStateOf({ status: 'pending', reviewer: null, lockedUntil: null }, 'cashier1', now)).toEqual({
      kind: 'free',
    });
  });

  it('tells the reviewer their own hold from another reviewer’s', () => {
    const row = { status: 'pending', reviewer: 'cashier2', lockedUntil: inFiveMinutes } as const;
    expect(holdStateOf(row, 'cashier2', now)).toEqual({ kind: 'mine' });
    expect(holdStateOf(row, 'cashier1', now)).toEqual({
      kind: 'other',
      reviewer: 'cashier2',
      until: inFiveMinutes,
    });
  });

  it('frees a lapsed hold, and a decided order is never held', () => {
    const lapsed = {
      status: 'pending',
      reviewer: 'cashier2',
      lockedUntil: '2026-11-23T11:59:59.000Z',
    } as const;
    expect(holdStateOf(lapsed, 'cashier1', now)).toEqual({ kind: 'free' });
    const decided = { status: 'approved', reviewer: 'cashier2', lockedUntil: inFiveMinutes } as const;
    expect(holdStateOf(decided, 'cashier1', now)).toEqual({ kind: 'free' });
  });

  it('reads 审核中 with the holder and the time in Beijing time', () => {
    expect(holdText({ kind: 'other', reviewer: 'cashier2', until: inFiveMinutes })).toBe(
      '审核中：cashier2（至 2026-11-23 20:05:00）',
    );
  });
});

describe('feeRuleText', () => {
  it('reads a free rule, a percentage with a fixed part, and a cap', () => {
    expect(feeRuleText({ rateBps: 0, fixedAmount: '0.00', capAmount: '0.00' })).toBe('免手续费');
    expect(feeRuleText({ rateBps: 150, fixedAmount: '2.00', capAmount: '0.00' })).toBe(
      '每笔 1.5% + 2.00 元，不封顶',
    );
    expect(feeRuleText({ rateBps: 100, fixedAmount: '0', capAmount: '50.00' })).toBe(
      '每笔 1%，最高 50.00 元',
    );
  });
});

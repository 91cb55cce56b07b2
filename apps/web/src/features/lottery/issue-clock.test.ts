import type { LotteryDraw } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { formatCountdown, salePhaseOf } from './issue-clock.ts';

const at = (seconds: number) => Date.parse('2026-11-25T12:00:00.000Z') + seconds * 1000;
const iso = (seconds: number) => new Date(at(seconds)).toISOString();

const issue: LotteryDraw = {
  gameCode: 'SSC1',
  issueNo: '20261125-1201',
  status: 'open',
  commitment: 'c'.repeat(64),
  seed: null,
  numbers: null,
  opensAt: iso(0),
  closesAt: iso(55),
  drawAt: iso(60),
  cancelReason: null,
};

describe('salePhaseOf', () => {
  it('counts down to closing and the draw while on sale', () => {
    expect(salePhaseOf({ isPaused: false, issue, drawing: null }, at(10.2))).toEqual({
      kind: 'open',
      issue,
      closesInSeconds: 45,
      drawsInSeconds: 50,
    });
  });

  it('shows 封盘 with the draw countdown of the issue the hall says is drawing, then waits for the next', () => {
    expect(salePhaseOf({ isPaused: false, issue: null, drawing: issue }, at(57))).toEqual({
      kind: 'closing',
      issue,
      drawsInSeconds: 3,
    });
    expect(salePhaseOf({ isPaused: false, issue, drawing: null }, at(55))).toMatchObject({ kind: 'closing' });
    expect(salePhaseOf({ isPaused: false, issue: null, drawing: issue }, at(60))).toEqual({
      kind: 'waiting',
    });
    expect(salePhaseOf({ isPaused: false, issue: null, drawing: null }, at(1))).toEqual({ kind: 'waiting' });
  });

  it('says paused before anything else', () => {
    expect(salePhaseOf({ isPaused: true, issue, drawing: issue }, at(1))).toEqual({ kind: 'paused' });
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours when there are any', () => {
    expect(formatCountdown(42)).toBe('00:42');
    expect(formatCountdown(312)).toBe('05:12');
    expect(formatCountdown(18_729)).toBe('05:12:09');
  });
});

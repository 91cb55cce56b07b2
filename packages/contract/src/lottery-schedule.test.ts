import { describe, expect, it } from 'vitest';
import { issuesPerDay, nextIssue } from './lottery-schedule.ts';

const beijing = (text: string) => Date.parse(`${text}+08:00`);
const iso = (text: string) => new Date(beijing(text)).toISOString();

describe('issue calendar', () => {
  const everyMinute = { intervalSeconds: 60, firstDrawSeconds: 60, closingSeconds: 5 };
  const dailyAtNineThirty = { intervalSeconds: 86_400, firstDrawSeconds: 77_400, closingSeconds: 300 };

  it('counts the issues of a Beijing day (GAMES.md: 1440 a day at 60 s, 1152 at 75 s)', () => {
    expect(issuesPerDay(everyMinute)).toBe(1440);
    expect(issuesPerDay({ intervalSeconds: 75, firstDrawSeconds: 75, closingSeconds: 5 })).toBe(1152);
    expect(issuesPerDay({ intervalSeconds: 300, firstDrawSeconds: 300, closingSeconds: 10 })).toBe(288);
    expect(issuesPerDay(dailyAtNineThirty)).toBe(1);
  });

  it('puts on sale the issue drawing next, one interval before its draw, closing before it', () => {
    expect(nextIssue(everyMinute, beijing('2026-11-22T12:00:30'))).toEqual({
      day: '20261122',
      index: 721,
      issueNo: '20261122-0721',
      opensAt: new Date(beijing('2026-11-22T12:00:00')),
      closesAt: new Date(beijing('2026-11-22T12:00:55')),
      drawAt: new Date(beijing('2026-11-22T12:01:00')),
    });
    // At a draw instant the next issue is on sale.
    expect(nextIssue(everyMinute, beijing('2026-11-22T12:01:00')).issueNo).toBe('20261122-0722');
  });

  it("draws a day's last issue at midnight and starts the next day at 0001", () => {
    const last = nextIssue(everyMinute, beijing('2026-11-22T23:59:30'));
    expect([last.issueNo, last.drawAt.toISOString()]).toEqual(['20261122-1440', iso('2026-11-23T00:00:00')]);
    expect(nextIssue(everyMinute, beijing('2026-11-23T00:00:00')).issueNo).toBe('20261123-0001');
  });

  it('draws a daily game at its time, on sale from the draw before', () => {
    const today = nextIssue(dailyAtNineThirty, beijing('2026-11-22T12:00:00'));
    expect([today.issueNo, today.opensAt.toISOString(), today.drawAt.toISOString()]).toEqual([
      '20261122-0001',
      iso('2026-11-21T21:30:00'),
      iso('2026-11-22T21:30:00'),
    ]);
    const tomorrow = nextIssue(dailyAtNineThirty, beijing('2026-11-22T21:30:00'));
    expect([tomorrow.issueNo, tomorrow.closesAt.toISOString()]).toEqual([
      '20261123-0001',
      iso('2026-11-23T21:25:00'),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addReportDays,
  dailyMoneyQuerySchema,
  reportDayOf,
  reportDayStartMs,
  reportDaysInRange,
} from './report.ts';

describe('report days', () => {
  it('count days in Beijing time: a day starts at 16:00 UTC the day before', () => {
    expect(reportDayOf(Date.parse('2026-11-21T15:59:59.999Z'))).toBe('2026-11-21');
    expect(reportDayOf(Date.parse('2026-11-21T16:00:00.000Z'))).toBe('2026-11-22');
    expect(new Date(reportDayStartMs('2026-11-22')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });

  it('step across months, years and leap days', () => {
    expect(addReportDays('2026-11-22', 1 - 30)).toBe('2026-10-24');
    expect(addReportDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addReportDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(reportDaysInRange('2026-10-24', '2026-11-22')).toBe(30);
    expect(reportDaysInRange('2026-11-22', '2026-11-22')).toBe(1);
    expect(reportDaysInRange('2026-11-23', '2026-11-22')).toBe(0);
  });

  it('take a range of whole days, both ends or neither, at most 366 days', () => {
    const issueOf = (body: object) => dailyMoneyQuerySchema.safeParse(body).error?.issues[0]?.path.join('.');
    expect(dailyMoneyQuerySchema.parse({})).toEqual({ pageNum: 1, pageSize: 20 });
    expect(issueOf({ startDay: '2025-01-01', endDay: '2026-01-01' })).toBeUndefined();
    expect(issueOf({ startDay: '2024-01-01', endDay: '2025-01-01' })).toBe('endDay');
    expect(issueOf({ startDay: '2026-11-02', endDay: '2026-11-01' })).toBe('endDay');
    expect(issueOf({ endDay: '2026-11-01' })).toBe('endDay');
    expect(issueOf({ startDay: '2026-11-31', endDay: '2026-12-01' })).toBe('startDay');
  });
});

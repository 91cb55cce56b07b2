import { recordRangeDaysMax } from '@site/contract';

/**
 * Date ranges of the records pages (UX.md section 4): the presets 今天 · 昨天 · 近7天 · 近30天 and
 * 自定义 days picked on a calendar, as Asia/Shanghai calendar days sent as an ISO-8601 UTC range
 * [startTime, endTime).
 */
export const recordRangePresets = ['today', 'yesterday', 'last7Days', 'last30Days'] as const;
export type RecordRangePreset = (typeof recordRangePresets)[number];

/** 近7天 shows a week of rows at first sight, where 今天 is often empty. */
export const recordRangeDefault: RecordRangePreset = 'last7Days';

const shanghaiOffsetMs = 8 * 3_600_000;
const dayMs = 86_400_000;

/** Days before today the range starts and the day after its last one (0 = tomorrow). */
const spans = {
  today: { daysBack: 0, endDaysBack: -1 },
  yesterday: { daysBack: 1, endDaysBack: 0 },
  last7Days: { daysBack: 6, endDaysBack: -1 },
  last30Days: { daysBack: 29, endDaysBack: -1 },
} as const satisfies Record<RecordRangePreset, { daysBack: number; endDaysBack: number }>;

export function recordRangeOf(preset: RecordRangePreset, nowMs: number): RecordRange {
  const todayStartMs = Math.floor((nowMs + shanghaiOffsetMs) / dayMs) * dayMs - shanghaiOffsetMs;
  const span = spans[preset];
  return {
    startTime: new Date(todayStartMs - span.daysBack * dayMs).toISOString(),
    endTime: new Date(todayStartMs - span.endDaysBack * dayMs).toISOString(),
  };
}

export interface RecordRange {
  startTime: string;
  endTime: string;
}

/** How far back 自定义 may start: three months, each query still at most `recordRangeDaysMax` days. */
export const customRangeDaysBackMax = 90;

/**
 * The calendar days `first` to `last` (as the picker gives them: local midnights, whose calendar
 * date is the day meant) as Shanghai day bounds; undefined when longer than the server allows.
 */
export function customRecordRange(first: Date, last: Date): RecordRange | undefined {
  const shanghaiMidnight = (day: Date) =>
    Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) - shanghaiOffsetMs;
  const startMs = shanghaiMidnight(first);
  const endMs = shanghaiMidnight(last) + dayMs;
  return endMs - startMs > recordRangeDaysMax * dayMs
    ? undefined
    : { startTime: new Date(startMs).toISOString(), endTime: new Date(endMs).toISOString() };
}

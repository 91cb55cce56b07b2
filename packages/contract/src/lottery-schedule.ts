/**
 * A game's issue calendar. Issues are counted per Beijing day: issue i of a day draws
 * `firstDrawSeconds + (i − 1) × intervalSeconds` after that day's midnight (Asia/Shanghai), for
 * as many issues as fit before the next midnight, the last one drawing at midnight at the latest.
 * An issue goes on sale one interval before its draw, so consecutive issues follow each other,
 * and betting ends `closingSeconds` before the draw.
 */

export interface GameSchedule {
  intervalSeconds: number;
  firstDrawSeconds: number;
  closingSeconds: number;
}

export interface ScheduledIssue {
  /** The Beijing day the issue counts in, yyyymmdd. */
  day: string;
  /** 1-based within the day. */
  index: number;
  issueNo: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
}

const dayMs = 86_400_000;
/** Beijing time (Asia/Shanghai, no daylight saving) is UTC+8. */
export const beijingOffsetMs = 8 * 3_600_000;

export function issuesPerDay(schedule: GameSchedule): number {
  return Math.floor((86_400 - schedule.firstDrawSeconds) / schedule.intervalSeconds) + 1;
}

/** The issue of `day` (the UTC instant of its Beijing midnight) numbered `index`. */
function issueOf(schedule: GameSchedule, dayStartMs: number, index: number): ScheduledIssue {
  const day = new Date(dayStartMs + beijingOffsetMs).toISOString().slice(0, 10).replaceAll('-', '');
  const drawAtMs = dayStartMs + (schedule.firstDrawSeconds + (index - 1) * schedule.intervalSeconds) * 1000;
  return {
    day,
    index,
    issueNo: `${day}-${String(index).padStart(4, '0')}`,
    opensAt: new Date(drawAtMs - schedule.intervalSeconds * 1000),
    closesAt: new Date(drawAtMs - schedule.closingSeconds * 1000),
    drawAt: new Date(drawAtMs),
  };
}

/** The first issue drawing after `nowMs`; it is on sale when its `opensAt` has passed. */
export function nextIssue(schedule: GameSchedule, nowMs: number): ScheduledIssue {
  const dayStartMs = Math.floor((nowMs + beijingOffsetMs) / dayMs) * dayMs - beijingOffsetMs;
  const elapsedSeconds = (nowMs - dayStartMs) / 1000;
  const index =
    elapsedSeconds < schedule.firstDrawSeconds
      ? 1
      : Math.floor((elapsedSeconds - schedule.firstDrawSeconds) / schedule.intervalSeconds) + 2;
  return index <= issuesPerDay(schedule)
    ? issueOf(schedule, dayStartMs, index)
    : issueOf(schedule, dayStartMs + dayMs, 1);
}

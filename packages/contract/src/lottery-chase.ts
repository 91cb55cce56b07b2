import { type Fen, fen } from './format.ts';
import { lotteryMultiplierMax } from './lottery.ts';
import { beijingOffsetMs, nextIssue } from './lottery-schedule.ts';

/**
 * 追号 (chase) plans, GAMES.md 3.7: the same selection over the next issues, each with its own
 * multiplier. The web planner shows them and the server recomputes them from the same plan.
 */

export const chaseIssueCountMax = 120;

export type ChasePlan =
  /** 同倍: the same multiplier every issue. */
  | { kind: 'constant'; issueCount: number; multiplier: number }
  /** 翻倍: multiplier × ratio^⌊i / every⌋ for issue i = 0, 1, … (ratio 2 doubles). */
  | { kind: 'doubling'; issueCount: number; multiplier: number; ratio: number; every: number }
  /**
   * 利润率: the least multiplier (at least `multiplier`) for which a win at issue i returns
   * `profitPercent` % over everything staked up to and including it. Prize and stake are of the
   * ticket at multiplier 1.
   */
  | {
      kind: 'profit';
      issueCount: number;
      multiplier: number;
      profitPercent: number;
      stakeFen: Fen;
      prizeFen: Fen;
    };

export const chasePlanProblems = {
  issueCount: `追号期数须为 1-${chaseIssueCountMax} 期`,
  multiplier: `倍数须为 1-${lotteryMultiplierMax} 的整数`,
  ratio: '翻倍倍率与间隔须为正整数',
  profitUnreachable: '奖金不足以达到目标利润率',
} as const;
export type ChasePlanProblem = keyof typeof chasePlanProblems;

export type ChaseMultipliers =
  | { isValid: true; multipliers: number[] }
  | { isValid: false; problem: ChasePlanProblem };

const isWhole = (value: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  Number.isSafeInteger(value) && value >= min && value <= max;

/** The multiplier of every issue of a plan, or why the plan cannot be bought. */
export function chaseMultipliers(plan: ChasePlan): ChaseMultipliers {
  if (!isWhole(plan.issueCount, 1, chaseIssueCountMax)) {
    return { isValid: false, problem: 'issueCount' };
  }
  if (!isWhole(plan.multiplier, 1, lotteryMultiplierMax)) {
    return { isValid: false, problem: 'multiplier' };
  }
  const multipliers = multipliersOf(plan);
  if (multipliers === 'ratio' || multipliers === 'profitUnreachable') {
    return { isValid: false, problem: multipliers };
  }
  if (!multipliers.every((multiplier) => multiplier <= lotteryMultiplierMax)) {
    return { isValid: false, problem: 'multiplier' };
  }
  return { isValid: true, multipliers };
}

function multipliersOf(plan: ChasePlan): number[] | 'ratio' | 'profitUnreachable' {
  const issues = Array.from({ length: plan.issueCount }, (_, index) => index);
  switch (plan.kind) {
    case 'constant':
      return issues.map(() => plan.multiplier);
    case 'doubling':
      if (!isWhole(plan.ratio, 1, 100) || !isWhole(plan.every, 1, chaseIssueCountMax)) {
        return 'ratio';
      }
      // Past the cap the plan is refused anyway; stop growing there so no number overflows.
      return issues.map((index) =>
        Math.min(plan.multiplier * plan.ratio ** Math.floor(index / plan.every), lotteryMultiplierMax + 1),
      );
    case 'profit':
      return profitMultipliers(plan);
    default:
      return assertNeverPlan(plan);
  }
}

/** m_i = max(m, ⌈(100 + t)·C_{i-1} / (100·P − (100 + t)·c)⌉), C_{i-1} the cost of issues before i. */
function profitMultipliers(plan: Extract<ChasePlan, { kind: 'profit' }>): number[] | 'profitUnreachable' {
  if (!isWhole(plan.profitPercent, 0, 10_000) || plan.stakeFen <= 0n) {
    return 'profitUnreachable';
  }
  const target = BigInt(100 + plan.profitPercent);
  const marginPerMultiplier = 100n * plan.prizeFen - target * plan.stakeFen;
  if (marginPerMultiplier <= 0n) {
    return 'profitUnreachable';
  }
  const multipliers: number[] = [];
  let costFen = 0n;
  for (let index = 0; index < plan.issueCount; index += 1) {
    const needed = (target * costFen + marginPerMultiplier - 1n) / marginPerMultiplier;
    const multiplier = needed > BigInt(plan.multiplier) ? needed : BigInt(plan.multiplier);
    if (multiplier > BigInt(lotteryMultiplierMax)) {
      multipliers.push(lotteryMultiplierMax + 1);
      break;
    }
    multipliers.push(Number(multiplier));
    costFen += multiplier * plan.stakeFen;
  }
  return multipliers;
}

function assertNeverPlan(plan: never): never {
  throw new Error(`unknown chase plan ${JSON.stringify(plan)}`);
}

/** Stake of each issue: the ticket's stake at multiplier 1 times the issue's multiplier. */
export function chaseStakesFen(stakeFen: Fen, multipliers: readonly number[]): Fen[] {
  return multipliers.map((multiplier) => fen(stakeFen * BigInt(multiplier)));
}

export function chaseTotalStakeFen(stakeFen: Fen, multipliers: readonly number[]): Fen {
  return fen(chaseStakesFen(stakeFen, multipliers).reduce((total, stake) => total + stake, 0n));
}

const issueNoPattern = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/;

/**
 * The issue numbers of a chase of `count` issues from `start`, by the game's calendar
 * (`lottery-schedule.ts`). The day's first draw is read off `start` itself, so any issue of the
 * game will do. Empty when `start` is no issue number.
 */
export function chaseIssueNos(
  start: { issueNo: string; drawAt: string },
  intervalSeconds: number,
  count: number,
): string[] {
  const match = issueNoPattern.exec(start.issueNo);
  const startDrawMs = Date.parse(start.drawAt);
  if (!match || !isWhole(intervalSeconds, 1) || Number.isNaN(startDrawMs)) {
    return [];
  }
  const [, year, month, day, index] = match.map(Number) as [number, number, number, number, number];
  const dayStartMs = Date.UTC(year, month - 1, day) - beijingOffsetMs;
  const schedule = {
    intervalSeconds,
    firstDrawSeconds: (startDrawMs - dayStartMs) / 1000 - (index - 1) * intervalSeconds,
    closingSeconds: 0,
  };
  const issueNos = count > 0 ? [start.issueNo] : [];
  for (let drawAtMs = startDrawMs; issueNos.length < count; ) {
    const issue = nextIssue(schedule, drawAtMs);
    issueNos.push(issue.issueNo);
    drawAtMs = issue.drawAt.getTime();
  }
  return issueNos;
}

/**
 * 中奖后停止: after issue `settledIndex` settles, the later issues that will not be played: all
 * of them after a win when the plan stops on a win, none otherwise. `stakeFen` is what they
 * would have cost (what is refunded where it was reserved).
 */
export function chaseStopAfter(
  stakesFen: readonly Fen[],
  settledIndex: number,
  outcome: { hasWon: boolean; isStopOnWin: boolean },
): { cancelledIndexes: number[]; stakeFen: Fen } {
  if (!(outcome.hasWon && outcome.isStopOnWin)) {
    return { cancelledIndexes: [], stakeFen: fen(0n) };
  }
  const cancelledIndexes = stakesFen.map((_, index) => index).filter((index) => index > settledIndex);
  const stakeFen = cancelledIndexes.reduce((total, index) => total + (stakesFen[index] ?? 0n), 0n);
  return { cancelledIndexes, stakeFen: fen(stakeFen) };
}

import {
  type ChasePlan,
  chaseIssueNos,
  chaseMultipliers,
  chasePlanProblems,
  chaseStakesFen,
  type Fen,
  fen,
  type LotteryChaseView,
  type LotteryUnit,
  lotteryStakeFen,
  parseYuan,
} from '@site/contract';

/** The plans a chase can be bought with (the contract's start body): 同倍 and 翻倍. */
export type ChasePlanKind = 'constant' | 'doubling';

/** What the planner asks: the plan over the basket, whose tickets as they stand are its ×1. */
export interface ChasePlanInput {
  kind: ChasePlanKind;
  issueCount: number;
  /** 起始倍数: each ticket's own multiplier times this. */
  multiplier: number;
  /** 翻倍: the multiplier grows by `ratio` every `every` issues. */
  ratio: number;
  every: number;
}

/** A basket ticket as far as the chase needs it. */
export interface ChaseTicket {
  notes: number;
  unit: LotteryUnit;
  multiplier: number;
}

export type SentPlan = Extract<ChasePlan, { kind: ChasePlanKind }>;

/** The contract plan one ticket is chased with: its own multiplier times the plan's. */
export function planOf(input: ChasePlanInput, ticketMultiplier: number): SentPlan {
  const multiplier = input.multiplier * ticketMultiplier;
  return input.kind === 'constant'
    ? { kind: 'constant', issueCount: input.issueCount, multiplier }
    : { kind: 'doubling', issueCount: input.issueCount, multiplier, ratio: input.ratio, every: input.every };
}

export interface ChasePreviewIssue {
  issueNo: string;
  /** Times the basket as it stands. */
  multiplier: number;
  /** Every ticket of the basket on this issue. */
  stakeFen: Fen;
  /** Staked up to and including this issue. */
  runningFen: Fen;
}

export type ChasePreview =
  | { isValid: true; issues: ChasePreviewIssue[]; totalFen: Fen }
  | { isValid: false; problem: string };

/**
 * Each issue of a chase of the basket with its multiplier and stake, by the contract's plan
 * helpers the server prices the chase with: the multipliers of each ticket's plan, its stake at ×1
 * times each. `start` is the issue on sale, the first of the chase.
 */
export function chasePreview(
  input: ChasePlanInput,
  tickets: readonly ChaseTicket[],
  start: { issueNo: string; drawAt: string },
  intervalSeconds: number,
): ChasePreview {
  const basket = chaseMultipliers(planOf(input, 1));
  if (!basket.isValid) {
    return { isValid: false, problem: chasePlanProblems[basket.problem] };
  }
  const stakesPerTicket: Fen[][] = [];
  for (const ticket of tickets) {
    const plan = chaseMultipliers(planOf(input, ticket.multiplier));
    if (!plan.isValid) {
      return { isValid: false, problem: chasePlanProblems[plan.problem] };
    }
    stakesPerTicket.push(chaseStakesFen(lotteryStakeFen(ticket.notes, ticket.unit, 1), plan.multipliers));
  }
  const issueNos = chaseIssueNos(start, intervalSeconds, basket.multipliers.length);
  let runningFen = 0n;
  const issues = basket.multipliers.map((multiplier, index) => {
    const stakeFen = fen(stakesPerTicket.reduce((total, stakes) => total + (stakes[index] ?? 0n), 0n));
    runningFen += stakeFen;
    return { issueNo: issueNos[index] ?? '--', multiplier, stakeFen, runningFen: fen(runningFen) };
  });
  return { isValid: true, issues, totalFen: fen(runningFen) };
}

export interface ChaseProgress {
  /** Issues whose ticket was placed. */
  placedCount: number;
  issueCount: number;
  spentFen: Fen;
  wonFen: Fen;
}

const yuanFen = (text: string | null | undefined) => (text ? (parseYuan(text) ?? 0n) : 0n);

/**
 * How far a chase has come: tickets placed of its issues, what they staked (a refunded one stakes
 * nothing) and what the winning ones paid.
 */
export function chaseProgress(chase: LotteryChaseView): ChaseProgress {
  const tickets = chase.issues.flatMap((issue) => (issue.ticket ? [issue.ticket] : []));
  const staked = tickets.filter((ticket) => ticket.status !== 'void');
  const won = tickets.filter((ticket) => ticket.status === 'won');
  return {
    placedCount: tickets.length,
    issueCount: chase.issues.length,
    spentFen: fen(staked.reduce((total, ticket) => total + yuanFen(ticket.stake), 0n)),
    wonFen: fen(won.reduce((total, ticket) => total + yuanFen(ticket.payout), 0n)),
  };
}

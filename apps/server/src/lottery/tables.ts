import type {
  Fen,
  LotteryChaseIssueStatus,
  LotteryChaseStatus,
  LotteryDrawStatus,
  LotteryGameKind,
  LotteryTicketStatus,
  LotteryUnit,
} from '@site/contract';
import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the lottery domain. */
export interface LotteryTables {
  lottery_games: LotteryGamesTable;
  lottery_seed_days: LotterySeedDaysTable;
  lottery_draws: LotteryDrawsTable;
  lottery_tickets: LotteryTicketsTable;
  lottery_chases: LotteryChasesTable;
  lottery_chase_issues: LotteryChaseIssuesTable;
  lottery_liabilities: LotteryLiabilitiesTable;
  lottery_member_stakes: LotteryMemberStakesTable;
}

/** A play's own limits, in fen as decimal strings; a play without them takes the game's limit. */
export type PlayLimitsJson = Record<string, { ticketStakeMaxFen: string; issueStakeMaxFen: string }>;

/** A game of a site's hall: its schedule, its edge and its limits, set per site. */
export interface LotteryGamesTable {
  site_id: number;
  code: string;
  kind: LotteryGameKind;
  name: string;
  interval_seconds: number;
  /** Seconds after Beijing midnight of a day's first draw. */
  first_draw_seconds: number;
  closing_seconds: number;
  house_edge_bps: number;
  ticket_stake_max_fen: Fen;
  play_limits: ColumnType<PlayLimitsJson, string | undefined, string>;
  /** The most an issue may owe on one number (see `liability.ts`); null: no cap. */
  liability_cap_fen: ColumnType<Fen | null, Fen | null | undefined, Fen | null>;
  is_paused: boolean;
  sort_order: number;
  updated_at: Date;
}

/** The last seed of a game's day chain: every issue's seed of that day hashes back from it. */
export interface LotterySeedDaysTable {
  site_id: number;
  game_code: string;
  /** The Beijing day, yyyymmdd. */
  day: string;
  last_seed_hex: string;
  issue_count: number;
  created_at: Date;
}

export interface LotteryDrawsTable {
  id: Generated<bigint>;
  site_id: number;
  game_code: string;
  issue_no: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  /** Secret until the draw: never presented before the status is drawn or settled. */
  seed_hex: string;
  commitment_hex: string;
  numbers: ColumnType<number[] | null, string | null, string | null>;
  status: LotteryDrawStatus;
  cancel_reason: string | null;
  drawn_at: Date | null;
  /** Set when every ticket of a drawn or cancelled issue has been paid or refunded. */
  settled_at: Date | null;
}

export interface LotteryTicketsTable {
  id: Generated<bigint>;
  site_id: number;
  member_id: bigint;
  draw_id: bigint;
  game_code: string;
  issue_no: string;
  play_id: string;
  selection: ColumnType<number[][], string, never>;
  unit: LotteryUnit;
  multiplier: number;
  notes: number;
  stake_fen: Fen;
  house_edge_bps: number;
  ticket_id: string;
  request_hash: string;
  status: LotteryTicketStatus;
  payout_fen: Fen | null;
  placed_at: Date;
  settled_at: Date | null;
  /** The chase that placed it. */
  chase_id: ColumnType<bigint | null, bigint | null | undefined, never>;
}

export interface LotteryChasesTable {
  id: Generated<bigint>;
  site_id: number;
  member_id: bigint;
  /** The client's id, unique per member. */
  chase_id: string;
  request_hash: string;
  game_code: string;
  play_id: string;
  selection: ColumnType<number[][], string, never>;
  unit: LotteryUnit;
  notes: number;
  is_stop_on_win: boolean;
  status: LotteryChaseStatus;
  /** The error code that refused a ticket of a stopped chase. */
  stop_code: number | null;
  created_at: Date;
  ended_at: Date | null;
}

/** One issue of a chase's plan and what became of it. */
export interface LotteryChaseIssuesTable {
  chase_id: bigint;
  /** 0-based position in the plan. */
  seq: number;
  issue_no: string;
  multiplier: number;
  /** The draw time of the issue when the chase was made. */
  draw_at: Date;
  status: LotteryChaseIssueStatus;
  ticket_id: bigint | null;
  refusal_code: number | null;
}

/** What an issue would pay at most on one number (`exposure`, see `liability.ts`). */
export interface LotteryLiabilitiesTable {
  draw_id: bigint;
  exposure: string;
  liability_fen: Fen;
}

/** What a member staked on one play of an issue. */
export interface LotteryMemberStakesTable {
  draw_id: bigint;
  member_id: bigint;
  play_id: string;
  stake_fen: Fen;
}

declare module '../db/schema.ts' {
  interface Database extends LotteryTables {}
}

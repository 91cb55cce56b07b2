import type {
  Fen,
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
}

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
}

declare module '../db/schema.ts' {
  interface Database extends LotteryTables {}
}

import type { BetStatus, Fen, GameCategory } from '@site/contract';
import type { Generated } from 'kysely';

/** Tables owned by the bets domain. */
export interface BetTables {
  bet_records: BetRecordsTable;
  bet_settings: BetSettingsTable;
}

export interface BetRecordsTable {
  id: Generated<bigint>;
  site_id: number;
  venue_code: string;
  category: GameCategory;
  game_code: string;
  round_id: string;
  bet_id: string;
  member_id: bigint;
  stake_fen: Fen;
  valid_fen: Generated<Fen>;
  payout_fen: Generated<Fen>;
  /** Decimal odds in ten-thousandths (1.95 is 19500); null when the game has no odds. */
  odds_e4: number | null;
  status: BetStatus;
  /** Closed early by its venue at a cash-out offer (提前结算): the payout is the offer. */
  is_cashed_out: Generated<boolean>;
  /**
   * The valid turnover the turnover audit has counted for the bet once a resettlement changed it;
   * null before (the audit counted `valid_fen`). See resettle-migration.ts.
   */
  audited_fen: Generated<Fen | null>;
  placed_at: Date;
  settled_at: Date | null;
}

export interface BetSettingsTable {
  site_id: number;
  min_valid_odds_e4: number;
  updated_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends BetTables {}
}

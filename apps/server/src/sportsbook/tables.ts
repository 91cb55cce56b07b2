import type {
  Fen,
  OddsFormat,
  SportsbookBetKind,
  SportsbookBetStatus,
  SportsbookBookSettings,
  SportsbookLegResult,
  SportsbookMarketStatus,
  SportsbookMatchStatus,
  SportsbookSport,
} from '@site/contract';
import type { ColumnType, Generated } from 'kysely';
import type { PricedSelection } from './book.ts';
import type { Market, MatchResult, Score, Selection } from './markets.ts';

/** Tables owned by the sportsbook domain. */
export interface SportsbookTables {
  sportsbook_feed: SportsbookFeedTable;
  sportsbook_fixtures: SportsbookFixturesTable;
  sportsbook_markets: SportsbookMarketsTable;
  sportsbook_bets: SportsbookBetsTable;
  sportsbook_bet_legs: SportsbookBetLegsTable;
  sportsbook_member_stakes: SportsbookMemberStakesTable;
  sportsbook_liabilities: SportsbookLiabilitiesTable;
  sportsbook_book_settings: SportsbookBookSettingsTable;
}

/** What staff set of the book's margins and limits (book-settings.ts); one row, or none for the defaults. */
export interface SportsbookBookSettingsTable {
  id: number;
  /** The console's settings as sent (`SportsbookBookSettings`), checked by the contract's schema. */
  settings: Json<SportsbookBookSettings>;
  updated_at: Date;
}

/** The built-in feed: its secret (every fixture's seed derives from it) and how far it has scheduled. */
export interface SportsbookFeedTable {
  id: number;
  secret_hex: string;
  scheduled_until: Date;
  created_at: Date;
}

type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface SportsbookFixturesTable {
  /** The feed's id, `vfl-premier-202611220400-1`. */
  id: string;
  sport: SportsbookSport;
  league_code: string;
  league_name: string;
  home_name: string;
  away_name: string;
  kick_off_at: Date;
  status: SportsbookMatchStatus;
  phase: string;
  clock_text: string | null;
  score_home: ColumnType<number, number | undefined, number>;
  score_away: ColumnType<number, number | undefined, number>;
  half_time_score: NullableJson<Score>;
  is_suspended: ColumnType<boolean, boolean | undefined, boolean>;
  result: NullableJson<MatchResult>;
  commitment_hex: string;
  /** Revealed once every bet of the fixture is settled. */
  seed_hex: string | null;
  cancel_reason: string | null;
  updated_at: Date;
  settled_at: Date | null;
  /** 1 as the feed recorded the result; one more per staff correction (results-migration.ts). */
  result_version: ColumnType<number, number | undefined, number>;
  /** The result version whose resettlement the feed pass has finished. */
  resettled_version: ColumnType<number, number | undefined, number>;
  /** 封盘 by staff: every market of the fixture is suspended until staff open it. */
  is_held: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface SportsbookMarketsTable {
  fixture_id: string;
  market_key: string;
  market: Json<Market>;
  is_main: boolean;
  /** The market's place in the book's order (GAMES.md 2.1). */
  sort_order: number;
  selections: Json<PricedSelection[]>;
  price_version: number;
  status: SportsbookMarketStatus;
  updated_at: Date;
  /** 封盘 by staff: suspended whatever the feed says, until staff open it. */
  is_held: ColumnType<boolean, boolean | undefined, boolean>;
  /** What singles still at risk staked on the market (liability.ts). */
  stake_fen: ColumnType<Fen, Fen | undefined, Fen>;
  /** The feed's prices before liability moved them; null where they are `selections`. */
  feed_selections: NullableJson<PricedSelection[]>;
  /** How many liability price steps each pick's price carries, by selection key. */
  price_steps: ColumnType<Record<string, number>, string | undefined, string>;
  /** Why the market is suspended when it is its own doing: its worst-case liability reached the cap. */
  suspend_reason: ColumnType<
    MarketSuspendReason | null,
    MarketSuspendReason | null | undefined,
    MarketSuspendReason | null
  >;
}

export type MarketSuspendReason = 'exposure_cap';

export interface SportsbookBetsTable {
  id: Generated<bigint>;
  site_id: number;
  member_id: bigint;
  slip_id: string;
  request_hash: string;
  kind: SportsbookBetKind;
  venue_code: string;
  odds_format: OddsFormat;
  /** A single: its price in its format as shown; a parlay or system: the combined decimal odds. */
  odds_e4: ColumnType<bigint, bigint, never>;
  /** The stake entered; of a system, per ticket. */
  stake_fen: Fen;
  ticket_count: number;
  /** What was reserved: of a negative price, stake × |price|. */
  risk_fen: Fen;
  potential_return_fen: Fen;
  status: SportsbookBetStatus;
  accept_at: Date | null;
  reject_code: number | null;
  payout_fen: Fen | null;
  placed_at: Date;
  settled_at: Date | null;
  /** 1 when settled through the wallet; one more per resettlement after a result correction. */
  settlement_version: ColumnType<number, number | undefined, number>;
  /** Whether the bet's share is still counted in its markets' liability; taken off once. */
  is_liability_held: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface SportsbookBetLegsTable {
  bet_id: bigint;
  leg_no: number;
  fixture_id: string;
  market_key: string;
  selection_key: string;
  selection: Json<Selection>;
  decimal_odds_e4: number;
  price_version: number;
  is_in_play: boolean;
  /** The score when the leg was taken: a live 让球 counts the goals after it. */
  score_home: number;
  score_away: number;
  result: SportsbookLegResult | null;
  settled_at: Date | null;
}

/** What a member has at risk on one market of a fixture, singles and parlay legs alike. */
export interface SportsbookMemberStakesTable {
  site_id: number;
  member_id: bigint;
  fixture_id: string;
  market_key: string;
  stake_fen: Fen;
}

/** The potential returns of the bets still at risk on one pick of a market (liability.ts). */
export interface SportsbookLiabilitiesTable {
  fixture_id: string;
  market_key: string;
  selection_key: string;
  return_fen: Fen;
}

declare module '../db/schema.ts' {
  interface Database extends SportsbookTables {}
}

import type { Fen, GameCategory, VenueFlavour, VenueState, WalletMode } from '@site/contract';
import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the venue domain. */
export interface VenueTables {
  venues: VenuesTable;
  venue_launches: VenueLaunchesTable;
  venue_demo_wallets: VenueDemoWalletsTable;
}

export interface VenuesTable {
  site_id: number;
  code: string;
  name: string;
  category: GameCategory;
  wallet_mode: WalletMode;
  flavour: VenueFlavour;
  state: VenueState;
  maintenance_message: string;
  maintenance_until: Date | null;
  sort_order: number;
  logo: string;
  demo_allowed: boolean;
  api_base_url: string;
  secret: string;
  updated_at: Date;
}

export interface VenueLaunchesTable {
  id: Generated<bigint>;
  site_id: number;
  venue_code: string;
  member_id: bigint | null;
  is_demo: boolean;
  token_hash: string | null;
  request_id: string | null;
  expires_at: Date | null;
  request_expires_at: Date | null;
  ip: string;
  device: string;
  result: 'ok' | 'refused';
  code: number;
  message: string;
  moved_fen: Fen;
  params: ColumnType<unknown, string, never>;
  created_at: Date;
}

export interface VenueDemoWalletsTable {
  launch_id: bigint;
  balance_fen: Fen;
}

declare module '../db/schema.ts' {
  interface Database extends VenueTables {}
}

import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the site domain. */
export interface SiteTables {
  sites: SitesTable;
  notices: NoticesTable;
  station_ads: StationAdsTable;
  suspension_icons: SuspensionIconsTable;
  pop_activities: PopActivitiesTable;
  naming_entries: NamingEntriesTable;
}

type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface SitesTable {
  id: number;
  title: string;
  web_logo_title_url: string;
  address: string;
  disable_phones: ColumnType<string[], string, string>;
  globe_phone_number: boolean;
  maintain_status: number;
  maintain_start_at: Date | null;
  maintain_end_at: Date | null;
  maintain_message: string;
  festival_skin: string | null;
  video_active_url: string;
  video_skin_open: boolean;
  stop_login: boolean;
  stop_register: boolean;
  h5_url: string;
  pc_url: string;
  android_url: string;
  ios_url: string;
  is_pwa_enabled: boolean;
  customer_service_url: string;
  customer_service_instead_url: string;
  download_url: string;
  sponsor_title: string;
  dividend_lead_title: string;
  dividend_lead_content: string;
  dividend_lead_link_url: string;
  vv_key: string;
  vv_iv: string;
  updated_at: UpdatedAt;
}

export interface NoticesTable {
  id: Generated<number>;
  site_id: number;
  category: number;
  title: string;
  content: string;
  published_at: Date;
  is_active: Generated<boolean>;
}

export interface StationAdsTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  image_url: string;
  link_url: string;
  sort: number;
  is_active: Generated<boolean>;
}

export interface SuspensionIconsTable {
  id: Generated<number>;
  site_id: number;
  display_equipment: string;
  title: string;
  icon_url: string;
  link_url: string;
  sort: number;
  is_active: Generated<boolean>;
}

export interface PopActivitiesTable {
  id: Generated<number>;
  site_id: number;
  title: string;
  image_url: string;
  link_url: string;
  sort: number;
  starts_at: Date;
  ends_at: Date | null;
}

export interface NamingEntriesTable {
  site_id: number;
  id: number;
  name: string;
  value: string;
}

declare module '../db/schema.ts' {
  interface Database extends SiteTables {}
}

/** Site configuration and pre-login content. */
export const siteMigration = {
  id: '0001_site',
  sql: `
create table sites (
  id integer primary key check (id > 0),
  title text not null check (length(title) between 1 and 200),
  web_logo_title_url text not null,
  address text not null default '',
  disable_phones jsonb not null default '[]' check (jsonb_typeof(disable_phones) = 'array'),
  globe_phone_number boolean not null default false,
  maintain_status smallint not null default 1 check (maintain_status in (0, 1)),
  maintain_start_at timestamptz,
  maintain_end_at timestamptz,
  maintain_message text not null default '',
  festival_skin text,
  video_active_url text not null default '',
  video_skin_open boolean not null default false,
  stop_login boolean not null default false,
  stop_register boolean not null default false,
  h5_url text not null default '',
  pc_url text not null default '',
  android_url text not null default '',
  ios_url text not null default '',
  is_pwa_enabled boolean not null default true,
  customer_service_url text not null default '',
  customer_service_instead_url text not null default '',
  download_url text not null default '',
  sponsor_title text not null default '',
  dividend_lead_title text not null default '',
  dividend_lead_content text not null default '',
  dividend_lead_link_url text not null default '',
  vv_key text not null,
  vv_iv text not null,
  updated_at timestamptz not null default now(),
  check (maintain_end_at is null or maintain_start_at is null or maintain_end_at > maintain_start_at)
);

create table notices (
  id integer generated always as identity primary key,
  site_id integer not null references sites (id),
  category smallint not null check (category between 1 and 9),
  title text not null,
  content text not null,
  published_at timestamptz not null,
  is_active boolean not null default true
);
create index notices_site_category on notices (site_id, category, published_at desc);

create table station_ads (
  id integer generated always as identity primary key,
  site_id integer not null references sites (id),
  title text not null,
  image_url text not null,
  link_url text not null default '',
  sort integer not null default 0,
  is_active boolean not null default true
);
create index station_ads_site on station_ads (site_id, sort);

create table suspension_icons (
  id integer generated always as identity primary key,
  site_id integer not null references sites (id),
  display_equipment char(1) not null check (display_equipment in ('1', '2')),
  title text not null,
  icon_url text not null,
  link_url text not null default '',
  sort integer not null default 0,
  is_active boolean not null default true
);
create index suspension_icons_site on suspension_icons (site_id, display_equipment, sort);

create table pop_activities (
  id integer generated always as identity primary key,
  site_id integer not null references sites (id),
  title text not null,
  image_url text not null,
  link_url text not null default '',
  sort integer not null default 0,
  starts_at timestamptz not null,
  ends_at timestamptz,
  check (ends_at is null or ends_at > starts_at)
);
create index pop_activities_site on pop_activities (site_id, sort);

create table naming_entries (
  site_id integer not null references sites (id),
  id integer not null check (id > 0),
  name text not null,
  value text not null,
  primary key (site_id, id)
);
`,
};

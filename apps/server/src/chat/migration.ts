/**
 * The chat room: rooms per site with a VIP range, the site's chat settings, messages (kept when
 * withdrawn, marked), members' speech restrictions, members' shields, and gift orders.
 */
export const chatMigration = {
  id: '0024_chat',
  sql: `
create table chat_rooms (
  id serial primary key,
  site_id integer not null references sites (id),
  name text not null check (length(name) between 1 and 20),
  vip_min integer not null check (vip_min between 0 and 99),
  vip_max integer not null check (vip_max between 0 and 99),
  is_maintenance boolean not null default false,
  sort integer not null default 0 check (sort between 0 and 9999),
  created_at timestamptz not null,
  check (vip_min <= vip_max)
);
create index chat_rooms_site on chat_rooms (site_id, sort, id);

create table chat_settings (
  site_id integer primary key references sites (id),
  banned_words jsonb not null default '[]',
  gift_recipient text not null default 'member' check (gift_recipient in ('member', 'house')),
  messages_per_10s integer not null default 5 check (messages_per_10s between 1 and 30),
  is_all_maintenance boolean not null default false,
  updated_at timestamptz not null
);

create table chat_messages (
  id bigserial primary key,
  site_id integer not null,
  room_id integer not null references chat_rooms (id),
  member_id bigint references members (id),
  nickname text not null,
  vip_level integer not null,
  kind text not null check (kind in ('text', 'bet', 'gift', 'score')),
  content text not null default '',
  body jsonb,
  created_at timestamptz not null,
  withdrawn_at timestamptz,
  withdrawn_reason text,
  check ((kind = 'text') = (body is null)),
  check ((withdrawn_at is null) = (withdrawn_reason is null))
);
create index chat_messages_room on chat_messages (room_id, id);
create index chat_messages_site on chat_messages (site_id, created_at, id);
create index chat_messages_member on chat_messages (member_id, id);

create table chat_speech (
  member_id bigint primary key references members (id),
  site_id integer not null,
  status text not null check (status in ('muted', 'banned')),
  muted_until timestamptz,
  reason text not null,
  updated_at timestamptz not null,
  check ((status = 'muted') = (muted_until is not null))
);
create index chat_speech_site on chat_speech (site_id);

create table chat_shields (
  member_id bigint not null references members (id),
  shielded_member_id bigint not null references members (id),
  created_at timestamptz not null,
  primary key (member_id, shielded_member_id)
);

create table chat_gift_orders (
  member_id bigint not null references members (id),
  gift_order_id text not null,
  message_id bigint not null references chat_messages (id),
  to_member_id bigint not null references members (id),
  is_to_house boolean not null,
  created_at timestamptz not null,
  primary key (member_id, gift_order_id)
);
create index chat_gift_orders_sent on chat_gift_orders (member_id, created_at);
create index chat_gift_orders_received on chat_gift_orders (to_member_id, created_at);
`,
};

-- Foundation: site settings, reference data, tournaments, accounts, dev mailbox, rate limits.

create table site_settings (
  id integer primary key default 1 check (id = 1),
  site_name text not null,
  site_prefix text not null,
  site_email text not null,
  site_url text not null,
  venue_name text not null,
  venue_address text not null,
  map_embed_url text not null default '',
  mailing_list_url text not null default '',
  google_client_id text not null default '',
  sell_lunch_tickets boolean not null default false,
  mailing_list_tab boolean not null default true,
  allow_sms_notifications boolean not null default true,
  version integer not null default 1,
  updated_at timestamptz not null default now()
);

create table event_types (
  id serial primary key,
  title text not null,
  description text not null default '',
  show_on_homepage boolean not null default true,
  decided_by text not null default 'judged' check (decided_by in ('judged', 'bracket')),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table competitor_levels (
  id serial primary key,
  name text not null unique,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

create table tournaments (
  id serial primary key,
  tournament_date date not null,
  registration_opens_on date not null,
  registration_closes_after date not null,
  competitor_online_cost integer not null check (competitor_online_cost >= 0),
  competitor_door_cost integer not null check (competitor_door_cost >= 0),
  spectator_cost integer not null check (spectator_cost >= 0),
  lunch_cost integer not null check (lunch_cost >= 0),
  city text not null,
  venue text not null,
  in_person_registration_times text not null default '8:30AM to 10AM',
  black_belt_meeting_time text not null default '',
  elimination_time text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table tournament_schedule_lines (
  id serial primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  sort_order integer not null,
  line1 text not null,
  line2 text not null default ''
);
create index tournament_schedule_lines_tournament on tournament_schedule_lines (tournament_id, sort_order);

create table users (
  id serial primary key,
  email text not null,
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  address_line1 text not null default '',
  address_line2 text not null default '',
  city text not null default '',
  province text not null default 'ON',
  postal_code text not null default '',
  phone_number text not null default '',
  roles text[] not null default array['Customer']::text[],
  verified_at timestamptz,
  token_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_lower on users (lower(email));

create table dev_mailbox (
  id serial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now()
);

create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);

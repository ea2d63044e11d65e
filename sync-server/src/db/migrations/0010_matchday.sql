-- Rings and matchday (issue 14; docs/decisions/021-rings-and-matchday.md).

-- How each event type is run on matchday (DESIGN.md section 5): judges and the score range of
-- a judged event, how third place is decided in a bracket, and the minutes estimates use.
alter table event_types
  add column judges smallint not null default 5 check (judges in (3, 5)),
  add column score_min numeric(6, 2) not null default 0,
  add column score_max numeric(6, 2) not null default 10,
  add column minutes_per_performance numeric(6, 2) not null default 2,
  add column minutes_per_match numeric(6, 2) not null default 3,
  add column third_place text not null default 'shared' check (third_place in ('shared', 'match'));

-- The rings of a tournament. Only open rings show on signage (SPEC section 4).
create table rings (
  id serial primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  name text not null,
  is_open boolean not null default true,
  sort_order integer not null default 0,
  version bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index rings_tournament on rings (tournament_id, sort_order, id);
create trigger rings_sync_stamp before insert or update or delete on rings
  for each row execute function sync_stamp_row('rings');

-- The published divisions as rings run them: kept in step with the latest publication
-- (services/ring-divisions.ts). The id is the published division's (the draft division id).
create table ring_divisions (
  id integer primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  title text not null,
  event_type_ids integer[] not null,
  event_types jsonb not null,
  competitor_count integer not null default 0,
  sort_order integer not null default 0,
  ring_id integer references rings(id) on delete set null,
  queue_order integer not null default 0,
  status text not null default 'upcoming' check (status in ('upcoming', 'current', 'completed')),
  started_at timestamptz,
  completed_at timestamptz,
  version bigint not null default 0,
  updated_at timestamptz not null default now()
);
create index ring_divisions_tournament on ring_divisions (tournament_id, ring_id, queue_order);
create trigger ring_divisions_sync_stamp before insert or update or delete on ring_divisions
  for each row execute function sync_stamp_row('divisions');

-- A division's competitors (from the publication) and whether they showed up.
create table division_entries (
  id text primary key, -- 'divisionId:competitorId'
  tournament_id integer not null references tournaments(id) on delete cascade,
  division_id integer not null references ring_divisions(id) on delete cascade,
  competitor_id integer not null references competitors(id) on delete cascade,
  no_show boolean not null default false,
  version bigint not null default 0,
  unique (division_id, competitor_id)
);
create index division_entries_competitor on division_entries (competitor_id);
create trigger division_entries_sync_stamp before insert or update or delete on division_entries
  for each row execute function sync_stamp_row('divisionEntries');

-- One event type's result of a division: a bracket's draw, the placings once completed.
create table division_results (
  id text primary key, -- 'divisionId:eventTypeId'
  tournament_id integer not null references tournaments(id) on delete cascade,
  division_id integer not null references ring_divisions(id) on delete cascade,
  event_type_id integer not null references event_types(id),
  draw integer[],
  placings jsonb,
  completed_at timestamptz,
  corrected_at timestamptz,
  corrected_by integer references users(id) on delete set null,
  corrected_by_name text,
  version bigint not null default 0,
  unique (division_id, event_type_id)
);
create trigger division_results_sync_stamp before insert or update or delete on division_results
  for each row execute function sync_stamp_row('divisionResults');

-- Judges' scores: one row per division, event type, competitor, judge and round (0 main,
-- 1 and up run-offs). Two tablets scoring the same judge write the same row.
create table judge_scores (
  id text primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  division_id integer not null references ring_divisions(id) on delete cascade,
  event_type_id integer not null references event_types(id),
  competitor_id integer not null references competitors(id) on delete cascade,
  judge smallint not null check (judge between 1 and 5),
  round smallint not null check (round >= 0),
  value numeric(6, 2) not null,
  entered_at timestamptz not null,
  entered_by integer references users(id) on delete set null,
  entered_by_name text,
  version bigint not null default 0
);
create index judge_scores_division on judge_scores (division_id);
create trigger judge_scores_sync_stamp before insert or update or delete on judge_scores
  for each row execute function sync_stamp_row('scores');

-- Bracket match winners, match by match.
create table match_results (
  id text primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  division_id integer not null references ring_divisions(id) on delete cascade,
  event_type_id integer not null references event_types(id),
  match_id text not null,
  winner_id integer references competitors(id) on delete set null,
  entered_at timestamptz not null,
  entered_by integer references users(id) on delete set null,
  entered_by_name text,
  version bigint not null default 0
);
create index match_results_division on match_results (division_id);
create trigger match_results_sync_stamp before insert or update or delete on match_results
  for each row execute function sync_stamp_row('matchResults');

-- Matchday settings per tournament: the Grand Championship leaderboard's groups (issue 14
-- section 4; empty: the default groups).
create table matchday_settings (
  id integer primary key references tournaments(id) on delete cascade,
  tournament_id integer not null references tournaments(id) on delete cascade,
  leaderboard_groups jsonb not null default '[]',
  version bigint not null default 0,
  check (id = tournament_id)
);
create trigger matchday_settings_sync_stamp before insert or update or delete on matchday_settings
  for each row execute function sync_stamp_row('matchdaySettings');

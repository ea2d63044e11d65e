-- Matchmaking and division sheets (issue 13; docs/decisions/017-matchmaking.md).

-- A draft of a tournament's divisions. Several per tournament; the one of the latest
-- publication is "published". `event_type_ids` and `source` are the options it was made with,
-- kept so regenerating uses the same; `rules` the division rules as they stood when it was
-- made, so a super admin can copy a past tournament's rules back into settings.
create table matchmaking_drafts (
  id serial primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  name text not null,
  source text not null check (source in ('completed', 'checkedIn')),
  event_type_ids integer[] not null,
  rules jsonb not null default '[]',
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index matchmaking_drafts_tournament on matchmaking_drafts (tournament_id, id);

-- A division of a draft. Its criteria start as its rule's (copied, so editing a rule later
-- changes no draft) and change only by split or combine; `overrides` lists what a director did
-- beyond the rule. The row id is the division's stable id, also once published.
create table draft_divisions (
  id serial primary key,
  draft_id integer not null references matchmaking_drafts(id) on delete cascade,
  division_rule_id integer references divisions(id),
  title text not null,
  event_type_ids integer[] not null,
  min_age integer not null,
  max_age integer not null,
  gender smallint check (gender in (1, 2)),
  competitor_level_ids integer[] not null default '{}',
  min_weight double precision,
  max_weight double precision,
  min_size integer not null,
  max_size integer not null,
  locked boolean not null default false,
  note text not null default '',
  overrides jsonb not null default '[]',
  sort_order integer not null default 0
);
create index draft_divisions_draft on draft_divisions (draft_id, sort_order, id);
create index draft_divisions_rule on draft_divisions (division_rule_id);

create table draft_division_competitors (
  draft_division_id integer not null references draft_divisions(id) on delete cascade,
  competitor_id integer not null references competitors(id) on delete cascade,
  primary key (draft_division_id, competitor_id)
);
create index draft_division_competitors_competitor on draft_division_competitors (competitor_id);

-- Each publishing of a draft. The latest of a tournament is what rings run and sheets print;
-- its divisions are frozen here (title, event types as signage shows them, competitors), so
-- the rings issue reads them without knowing about drafts.
create table matchmaking_publications (
  id serial primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  draft_id integer not null references matchmaking_drafts(id) on delete cascade,
  published_by integer references users(id) on delete set null,
  published_at timestamptz not null default now()
);
create index matchmaking_publications_tournament on matchmaking_publications (tournament_id, id desc);

create table published_divisions (
  publication_id integer not null references matchmaking_publications(id) on delete cascade,
  -- the draft division's id: stable across publications of the same draft
  division_id integer not null,
  title text not null,
  event_type_ids integer[] not null,
  event_types jsonb not null,
  sort_order integer not null,
  primary key (publication_id, division_id)
);

create table published_division_competitors (
  publication_id integer not null,
  division_id integer not null,
  competitor_id integer not null references competitors(id) on delete cascade,
  primary key (publication_id, division_id, competitor_id),
  foreign key (publication_id, division_id) references published_divisions(publication_id, division_id) on delete cascade
);

-- Families whose competitors moved between published divisions: the communications issue
-- sends the notice and stamps `sent_at`.
create table division_change_notices (
  id serial primary key,
  publication_id integer not null references matchmaking_publications(id) on delete cascade,
  registration_id integer not null references registrations(id) on delete cascade,
  competitor_id integer not null references competitors(id) on delete cascade,
  from_title text not null,
  to_title text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index division_change_notices_unsent on division_change_notices (sent_at, id);

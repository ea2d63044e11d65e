-- Settings (issue 8): division rules, the audit log, SMS sender settings.

-- Division rules matchmaking groups competitors by (DESIGN.md section 5). Global, not per
-- tournament: the same rules serve year after year. Weights in kilograms.
create table divisions (
  id serial primary key,
  name text not null,
  min_age integer not null check (min_age >= 0),
  max_age integer not null check (max_age >= min_age),
  gender smallint check (gender in (1, 2)), -- SPEC.md section 3: 1 Male, 2 Female; null = mixed
  min_weight double precision check (min_weight >= 0),
  max_weight double precision check (max_weight >= 0),
  min_size integer not null default 1 check (min_size >= 1),
  max_size integer not null check (max_size >= min_size),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (min_weight is null or max_weight is null or min_weight <= max_weight)
);

-- Levels a division takes; none listed means any level. A level in use here cannot be removed.
create table division_levels (
  division_id integer not null references divisions(id) on delete cascade,
  competitor_level_id integer not null references competitor_levels(id),
  primary key (division_id, competitor_level_id)
);
create index division_levels_level on division_levels (competitor_level_id);

-- Every settings change: who, when, what, before and after (written in the change's transaction).
create table audit_log (
  id bigserial primary key,
  actor_user_id integer references users(id) on delete set null,
  actor_name text not null default '',
  at timestamptz not null default now(),
  entity text not null,
  entity_id integer,
  action text not null check (action in ('create', 'update', 'delete', 'reorder')),
  before jsonb,
  after jsonb
);
create index audit_log_entity on audit_log (entity, entity_id, id desc);

alter table site_settings
  add column sms_sender_name text not null default '',
  add column sms_from_number text not null default '';

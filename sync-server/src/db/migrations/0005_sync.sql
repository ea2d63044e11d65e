-- The sync protocol (issue 6; DESIGN.md section 4; docs/decisions/011-sync-protocol.md).

-- One row per device (client) that pushes mutations: the last mutation id it applied.
create table sync_clients (
  client_id text primary key,
  client_group_id text not null,
  user_id integer not null references users(id) on delete cascade,
  last_mutation_id bigint not null default 0,
  updated_at timestamptz not null default now()
);
create index sync_clients_group on sync_clients (client_group_id, user_id);

-- The per-tournament change counter: every change to a synced row takes the transaction's
-- next value (one value per transaction and tournament). `pruned_through`: tombstones up to
-- this version were deleted, so an older cookie must be answered with a full reset.
create table tournament_versions (
  tournament_id integer primary key references tournaments(id) on delete cascade,
  version bigint not null default 0,
  pruned_through bigint not null default 0
);

-- Deleted synced rows, so an incremental pull can answer `del`.
create table sync_tombstones (
  tournament_id integer not null,
  entity text not null,
  entity_id integer not null,
  version bigint not null,
  deleted_at timestamptz not null default now()
);
create index sync_tombstones_version on sync_tombstones (tournament_id, version);

-- The outcome of every processed mutation (applied, or rejected with the rule's code and message).
create table sync_mutation_results (
  client_id text not null references sync_clients(client_id) on delete cascade,
  mutation_id bigint not null,
  name text not null default '',
  status text not null check (status in ('applied', 'rejected')),
  code text,
  message text,
  at timestamptz not null default now(),
  primary key (client_id, mutation_id)
);

alter table competitors add column version bigint not null default 0;
alter table registrations add column version bigint not null default 0;

-- The version of tournament `tid` for the current transaction: bumped once per transaction
-- (the row lock on tournament_versions then orders writers per tournament until commit, so a
-- pull never sees a later version committed before an earlier one).
create or replace function sync_bump_version(tid integer) returns bigint
language plpgsql as $$
declare
  v bigint;
begin
  v := nullif(current_setting('sync.v_' || tid, true), '')::bigint;
  if v is null then
    insert into tournament_versions as tv (tournament_id, version) values (tid, 1)
      on conflict (tournament_id) do update set version = tv.version + 1
      returning tv.version into v;
    perform set_config('sync.v_' || tid, v::text, true);
  end if;
  return v;
end $$;

-- Every writer of a synced row (the /sync mutators, the /api services, the admin CLI) stamps
-- it through these triggers, so /api and /sync changes bump the same version.
create or replace function sync_stamp_registration() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    insert into sync_tombstones (tournament_id, entity, entity_id, version)
      select old.tournament_id, 'competitors', c.id, sync_bump_version(old.tournament_id)
      from competitors c where c.registration_id = old.id;
    insert into sync_tombstones (tournament_id, entity, entity_id, version)
      values (old.tournament_id, 'registrations', old.id, sync_bump_version(old.tournament_id));
    return old;
  end if;
  new.version := sync_bump_version(new.tournament_id);
  return new;
end $$;

create or replace function sync_stamp_competitor() returns trigger
language plpgsql as $$
declare
  tid integer;
begin
  if tg_op = 'DELETE' then
    select tournament_id into tid from registrations where id = old.registration_id;
    -- A cascade from a deleted registration: its trigger wrote these tombstones already.
    if tid is not null then
      insert into sync_tombstones (tournament_id, entity, entity_id, version)
        values (tid, 'competitors', old.id, sync_bump_version(tid));
      -- Its registration's competitor count and balance owing change.
      update registrations set version = version where id = old.registration_id;
    end if;
    return old;
  end if;
  select tournament_id into tid from registrations where id = new.registration_id;
  if tid is not null then
    new.version := sync_bump_version(tid);
    if tg_op = 'INSERT' or new.registration_id <> old.registration_id then
      update registrations set version = version where id = new.registration_id;
    end if;
  end if;
  return new;
end $$;

create trigger registrations_sync_stamp before insert or update or delete on registrations
  for each row execute function sync_stamp_registration();
create trigger competitors_sync_stamp before insert or update or delete on competitors
  for each row execute function sync_stamp_competitor();

-- A registration's synced row carries derived values (balance owing, confirmation codes,
-- competitor count), so a payment or receipt written anywhere touches its registration.
create or replace function sync_touch_registration() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update registrations set version = version where id = old.registration_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update registrations set version = version where id = new.registration_id;
  end if;
  return null;
end $$;

create trigger payments_sync_touch after insert or update or delete on payments
  for each row execute function sync_touch_registration();
create trigger receipts_sync_touch after insert or update or delete on receipts
  for each row execute function sync_touch_registration();

-- Prices decide the balance owing of every registration of the tournament.
create or replace function sync_touch_tournament() returns trigger
language plpgsql as $$
begin
  if (new.competitor_online_cost, new.spectator_cost, new.lunch_cost)
     is distinct from (old.competitor_online_cost, old.spectator_cost, old.lunch_cost) then
    update registrations set version = version where tournament_id = new.id;
  end if;
  return null;
end $$;

create trigger tournaments_sync_touch after update on tournaments
  for each row execute function sync_touch_tournament();

-- A tournament's sync version is taken at commit, not at the first write
-- (docs/decisions/055-commit-time-sync-versions.md).
--
-- Before: the BEFORE row triggers of 0005, 0006, 0009 and 0010 called sync_bump_version at a
-- transaction's first synced write, which locked the tournament's counter row from that write
-- to commit: one venue's writers waited on each other for whole transactions, on every server.
-- Now a write only marks its row (version -1, a value no committed row carries) and queues a
-- deferred constraint trigger; at commit that trigger takes the transaction's version (locking
-- the counter row only from then to the commit) and stamps the row. Versions still become
-- visible in commit order: the transaction holding the counter row commits before the next can
-- take a version, as before (docs/decisions/011-sync-protocol.md).

-- Every table whose triggers change, locked at once before any of them changes: a server still
-- writing while another migrates then waits here, or this migration fails as a whole on a
-- deadlock (and the starting server tries again), rather than half-way through.
lock table registrations, competitors, payments, sync_tombstones, rings, ring_divisions,
  division_entries, division_results, judge_scores, match_results, matchday_settings
  in access exclusive mode;

-- A row without a tournament (its parent gone) answers null, which the stamp turns into 0.
alter function sync_bump_version(integer) strict;

-- Tombstones are written with version -1 and stamped at commit, all of a transaction's of one
-- tournament in the first call (the later calls find none left).
create or replace function sync_version_tombstones() returns trigger
language plpgsql as $$
begin
  update sync_tombstones set version = sync_bump_version(new.tournament_id)
    where tournament_id = new.tournament_id and version = -1;
  return null;
end $$;

create constraint trigger sync_tombstones_version after insert on sync_tombstones
  deferrable initially deferred
  for each row when (new.version = -1) execute function sync_version_tombstones();

-- The generic mark (replaces sync_stamp_row): inserts and updates get version -1, deletes a
-- tombstone of version -1. Arguments as sync_stamp_row's: the registry's entity name; the
-- column holding the tournament id (default tournament_id), or, with a third argument, the id
-- of a row of that parent table, whose tournament_id counts.
create or replace function sync_mark_row() returns trigger
language plpgsql as $$
declare
  entity text := tg_argv[0];
  col text := coalesce(tg_argv[1], 'tournament_id');
  parent text := tg_argv[2];
  rec jsonb;
  tid integer;
begin
  if tg_op = 'UPDATE' then
    if old.version = -1 and new.version <> -1 then
      return new; -- The stamp at commit (or stampRow): keep its version.
    end if;
  end if;
  if tg_op <> 'DELETE' then
    new.version := -1;
    return new;
  end if;
  rec := to_jsonb(old);
  if parent is null then
    tid := (rec ->> col)::integer;
  else
    execute format('select tournament_id from %I where id = $1', parent)
      into tid using (rec ->> col)::integer;
  end if;
  if tid is not null then
    insert into sync_tombstones (tournament_id, entity, entity_id, version)
      values (tid, entity, rec ->> 'id', -1);
  end if;
  return old;
end $$;

-- The stamp at commit of a marked table: a function of its own, with static SQL (PL/pgSQL keeps
-- its plan; a generic function's EXECUTE planned every row again, 17% and 62% longer commits
-- in two measurements, docs/scaling.md), and two deferred triggers that run it. It reads the row as
-- it is at commit (its current tournament, so a row moved or deleted later in the transaction is
-- stamped as it commits, or not at all) and writes the transaction's version of it where the row
-- is still -1; the mark triggers let that update (old version -1, new not) through untouched, so
-- it queues nothing more. An update queues a stamp only when its row was not marked already in
-- this transaction (one stamp per row, however often it is written); a savepoint rolled back
-- takes its mark and its queued stamp alike. `col`: the column holding the tournament id
-- (default tournament_id) or, with `parent`, the id of that table's row whose tournament counts.
--
-- The stamp updates a row this transaction wrote, so PostgreSQL checks every foreign key of it
-- again (a key share lock on each parent row), with the counter row held. An insert and a key
-- change took those locks when written; a first update of a row did not, so a third trigger
-- takes them then, before the write: a parent another transaction holds `for update` (a push
-- reading a registration or a division) is waited for without the counter, and the stamp never
-- waits on one while every other writer of the tournament waits on it.
create or replace function sync_stamp_at_commit_triggers(
  tbl regclass, col text default null, parent text default null
) returns void
language plpgsql as $$
declare
  name text := (select relname from pg_class where oid = tbl);
  fn text := 'sync_stamp_' || name || '_at_commit';
  tid text;
  locks text;
begin
  if parent is null then
    tid := format('t.%I', coalesce(col, 'tournament_id'));
  else
    tid := format('(select p.tournament_id from %I p where p.id = t.%I)', parent, col);
  end if;
  execute format(
    'create or replace function %I() returns trigger language plpgsql as $body$ '
      'begin '
      'update %s t set version = coalesce(sync_bump_version(%s), 0) where t.id = new.id and t.version = -1; '
      'return null; '
      'end $body$',
    fn, tbl, tid);
  execute format(
    'create constraint trigger %I after insert on %s deferrable initially deferred '
      'for each row when (new.version = -1) execute function %I()',
    name || '_sync_stamp_insert', tbl, fn);
  execute format(
    'create constraint trigger %I after update on %s deferrable initially deferred '
      'for each row when (new.version = -1 and (old.version <> -1 or old.id is distinct from new.id)) '
      'execute function %I()',
    name || '_sync_stamp_update', tbl, fn);

  -- One `perform … for key share` per foreign key, as PostgreSQL's own check reads it.
  select string_agg(format(
      'perform 1 from %s p where (%s) = (%s) for key share;',
      c.confrelid::regclass,
      (select string_agg(format('p.%I', a.attname), ', ' order by k.i)
         from unnest(c.confkey) with ordinality k(attnum, i)
         join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum),
      (select string_agg(format('new.%I', a.attname), ', ' order by k.i)
         from unnest(c.conkey) with ordinality k(attnum, i)
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum)),
    ' ' order by c.conname)
    into locks
    from pg_constraint c where c.conrelid = tbl and c.contype = 'f';
  if locks is not null then
    execute format(
      'create or replace function %I() returns trigger language plpgsql as $body$ '
        'begin %s return new; end $body$',
      'sync_lock_' || name || '_parents', locks);
    -- Named to run before the mark (triggers of one kind run in name order); a first update only.
    execute format(
      'create trigger %I before update on %s for each row when (old.version <> -1) '
        'execute function %I()',
      name || '_sync_lock_parents', tbl, 'sync_lock_' || name || '_parents');
  end if;
end $$;

-- A synced table's triggers in one call: the mark before every write, the parents' locks and
-- the stamp at commit. Run it after the table's foreign keys exist. A new entity's migration
-- runs, e.g.:
--   select sync_track_table('rings', 'rings');
--   select sync_track_table('scores', 'scores', 'division_id', 'divisions');
create or replace function sync_track_table(
  tbl regclass, entity text, col text default null, parent text default null
) returns void
language plpgsql as $$
begin
  execute format(
    'create trigger %I before insert or update or delete on %s for each row execute function sync_mark_row(%s)',
    (select relname from pg_class where oid = tbl) || '_sync_mark', tbl,
    concat_ws(', ', quote_literal(entity), quote_literal(col), quote_literal(parent)));
  perform sync_stamp_at_commit_triggers(tbl, col, parent);
end $$;

-- Registrations: a delete leaves tombstones of the registration and its competitors.
create or replace function sync_mark_registration() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.version = -1 and new.version <> -1 then
      return new;
    end if;
  end if;
  if tg_op = 'DELETE' then
    insert into sync_tombstones (tournament_id, entity, entity_id, version)
      select old.tournament_id, 'competitors', c.id, -1
      from competitors c where c.registration_id = old.id;
    insert into sync_tombstones (tournament_id, entity, entity_id, version)
      values (old.tournament_id, 'registrations', old.id, -1);
    return old;
  end if;
  new.version := -1;
  return new;
end $$;

-- Competitors: their registration's synced row counts them, so it is touched too.
create or replace function sync_mark_competitor() returns trigger
language plpgsql as $$
declare
  tid integer;
begin
  if tg_op = 'UPDATE' then
    if old.version = -1 and new.version <> -1 then
      return new;
    end if;
  end if;
  if tg_op = 'DELETE' then
    select tournament_id into tid from registrations where id = old.registration_id;
    -- A cascade from a deleted registration: its trigger wrote these tombstones already.
    if tid is not null then
      insert into sync_tombstones (tournament_id, entity, entity_id, version)
        values (tid, 'competitors', old.id, -1);
      update registrations set version = version where id = old.registration_id;
    end if;
    return old;
  end if;
  new.version := -1;
  if tg_op = 'INSERT' then
    update registrations set version = version where id = new.registration_id;
  elsif new.registration_id <> old.registration_id then
    update registrations set version = version where id = new.registration_id;
  end if;
  return new;
end $$;

-- Payments (no tombstones from the trigger: the retention job writes its own).
create or replace function sync_mark_payment() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.version = -1 and new.version <> -1 then
      return new;
    end if;
  end if;
  new.version := -1;
  return new;
end $$;

-- A payment's stamp at commit does not touch its registration again (the payment's write did).
create or replace function sync_touch_registration_of_payment() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.version = -1 and new.version <> -1 then
      return null;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update registrations set version = version where id = old.registration_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update registrations set version = version where id = new.registration_id;
  end if;
  return null;
end $$;

drop trigger registrations_sync_stamp on registrations;
create trigger registrations_sync_mark before insert or update or delete on registrations
  for each row execute function sync_mark_registration();
select sync_stamp_at_commit_triggers('registrations');

drop trigger competitors_sync_stamp on competitors;
create trigger competitors_sync_mark before insert or update or delete on competitors
  for each row execute function sync_mark_competitor();
select sync_stamp_at_commit_triggers('competitors', 'registration_id', 'registrations');

drop trigger payments_sync_stamp on payments;
create trigger payments_sync_mark before insert or update on payments
  for each row execute function sync_mark_payment();
select sync_stamp_at_commit_triggers('payments', 'registration_id', 'registrations');
drop trigger payments_sync_touch on payments;
create trigger payments_sync_touch after insert or update or delete on payments
  for each row execute function sync_touch_registration_of_payment();

drop trigger rings_sync_stamp on rings;
select sync_track_table('rings', 'rings');
drop trigger ring_divisions_sync_stamp on ring_divisions;
select sync_track_table('ring_divisions', 'divisions');
drop trigger division_entries_sync_stamp on division_entries;
select sync_track_table('division_entries', 'divisionEntries');
drop trigger division_results_sync_stamp on division_results;
select sync_track_table('division_results', 'divisionResults');
drop trigger judge_scores_sync_stamp on judge_scores;
select sync_track_table('judge_scores', 'scores');
drop trigger match_results_sync_stamp on match_results;
select sync_track_table('match_results', 'matchResults');
drop trigger matchday_settings_sync_stamp on matchday_settings;
select sync_track_table('matchday_settings', 'matchdaySettings');

-- No trigger calls these any more; a table with only sync_stamp_row would hold the counter row
-- from its first write again, so it is gone rather than left to be copied.
drop function sync_stamp_registration();
drop function sync_stamp_competitor();
drop function sync_stamp_payment();
drop function sync_stamp_row();

-- The entity registry (issue 12; docs/decisions/011-sync-protocol.md, "Adding a synced entity").

-- Tombstones of entities keyed by strings made on a device (payment ids, and later ones) as
-- well as by numbers: the key is kept as text and read back by the registry's key type.
alter table sync_tombstones alter column entity_id type text using entity_id::text;

-- The sync trigger of a new entity's table: stamps every insert and update with the
-- transaction's version of the row's tournament and writes a tombstone for every delete, so
-- /api and /sync writes alike reach devices. Arguments: the registry's entity name; the
-- column that holds the tournament id (default tournament_id), or, with a third argument,
-- the column that holds the id of a row of that parent table, whose tournament_id counts.
--   create trigger rings_sync_stamp before insert or update or delete on rings
--     for each row execute function sync_stamp_row('rings');
--   create trigger scores_sync_stamp before insert or update or delete on scores
--     for each row execute function sync_stamp_row('scores', 'division_id', 'divisions');
create or replace function sync_stamp_row() returns trigger
language plpgsql as $$
declare
  entity text := tg_argv[0];
  col text := coalesce(tg_argv[1], 'tournament_id');
  parent text := tg_argv[2];
  rec jsonb;
  tid integer;
begin
  if tg_op = 'DELETE' then
    rec := to_jsonb(old);
  else
    rec := to_jsonb(new);
  end if;
  if parent is null then
    tid := (rec ->> col)::integer;
  else
    execute format('select tournament_id from %I where id = $1', parent)
      into tid using (rec ->> col)::integer;
  end if;
  if tg_op = 'DELETE' then
    if tid is not null then
      insert into sync_tombstones (tournament_id, entity, entity_id, version)
        values (tid, entity, rec ->> 'id', sync_bump_version(tid));
    end if;
    return old;
  end if;
  if tid is not null then
    new.version := sync_bump_version(tid);
  end if;
  return new;
end $$;

-- When a device id was first seen, so new device ids per account can be limited (issue 17:
-- a script minting client ids must not fill the table).
alter table sync_clients add column created_at timestamptz not null default now();
create index sync_clients_user_created on sync_clients (user_id, created_at);

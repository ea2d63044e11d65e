-- The director's control room (docs/decisions/048-control-room.md).

-- Each device's last contact, as its matchday pulls and its pushes report it: when, the ring it
-- runs and how many changes it still held unsent. Not stamped by the sync trigger: a pull writes
-- it, and stamping it would poke every device at every pull. Directors' matchday pulls carry it.
create table sync_devices (
  id serial primary key,
  client_id text not null unique,
  tournament_id integer not null references tournaments(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  -- The ring the device reports running (its lock or its choice); no foreign key: a ring deleted
  -- later leaves the row, which then matches no ring.
  ring_id integer,
  outbox_depth integer not null default 0 check (outbox_depth >= 0),
  last_heard_at timestamptz not null default now()
);
create index sync_devices_tournament on sync_devices (tournament_id);
create index sync_devices_user on sync_devices (user_id);

-- The behind-schedule warning's threshold, in minutes (15 unless a director sets another).
alter table matchday_settings
  add column behind_warning_minutes integer not null default 15
  check (behind_warning_minutes between 1 and 240);

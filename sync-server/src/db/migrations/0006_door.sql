-- Door payments and walk-ins (issue 7; docs/decisions/ door payments and walk-ins).

-- Cash handed over (cash only; change due = tendered - amount), why a payment was voided,
-- and the sync version: payments are a synced entity of the checkin scope.
alter table payments add column tendered integer check (tendered is null or tendered >= amount);
alter table payments add column void_reason text;
alter table payments add column version bigint not null default 0;
create index payments_version on payments (version);

-- A walk-in is registered at the door on tournament day and pays the door price.
-- walk_in_id is the device-made idempotency key: the same walk-in pushed twice makes one.
alter table registrations add column is_walk_in boolean not null default false;
alter table registrations add column walk_in_id text unique;

-- The owner of a walk-in who has no account: a guest row that cannot sign in (no password,
-- an e-mail under .invalid that no one can receive or sign up with).
alter table users add column is_guest boolean not null default false;

-- Payments take their tournament's version like competitors do (0005_sync.sql); the
-- existing after-trigger still touches the registration (amount paid, balance owing).
create or replace function sync_stamp_payment() returns trigger
language plpgsql as $$
declare
  tid integer;
begin
  select tournament_id into tid from registrations where id = new.registration_id;
  if tid is not null then
    new.version := sync_bump_version(tid);
  end if;
  return new;
end $$;

create trigger payments_sync_stamp before insert or update on payments
  for each row execute function sync_stamp_payment();

-- The door price now decides a walk-in's balance owing too.
create or replace function sync_touch_tournament() returns trigger
language plpgsql as $$
begin
  if (new.competitor_online_cost, new.competitor_door_cost, new.spectator_cost, new.lunch_cost)
     is distinct from (old.competitor_online_cost, old.competitor_door_cost, old.spectator_cost, old.lunch_cost) then
    update registrations set version = version where tournament_id = new.id;
  end if;
  return null;
end $$;

-- Payments recorded before this migration get a version above every cookie a device holds,
-- so a device that synced before the upgrade receives them in its next incremental pull.
update payments set version = version;

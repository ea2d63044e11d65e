-- Who looked (docs/decisions/045-data-export-and-access-log.md).
--
-- Every time staff see a family's details, export families in a CSV, view the site as a
-- family, download a family's file, or the family downloads its own data: who did it, when,
-- and which family (the account that owns the registration). A CSV export writes one row per
-- family it held, so each family's own data export lists it. Rows are never updated.
-- The actor's name is kept as it was then; the family is only an id, so erasing the account
-- leaves the entry without personal data.
create table access_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_user_id integer references users(id) on delete set null,
  actor_name text not null default '',
  kind text not null check (kind in ('details', 'csv', 'impersonation', 'file', 'export')),
  family_user_id integer references users(id) on delete set null,
  registration_id integer references registrations(id) on delete set null,
  -- What was seen, in a few words a person reads: "Registration #12", "registrations.csv", a file name.
  detail text not null default ''
);
create index access_log_family on access_log (family_user_id, id);
create index access_log_actor on access_log (actor_user_id, id);
create index access_log_at on access_log (at);

-- File sharing (issue 16; docs/decisions/025-file-sharing.md). A customer's upload for staff
-- (kind 'upload': a waiver, a medical form) always belongs to one registration; a staff
-- member's share (kind 'share': the schedule, the rules) goes to one registration or, with
-- no registration, to everyone. The bytes live outside the database under `public_id`
-- (random, made by the server); the name the file came with is display text only.
create table shared_files (
  id serial primary key,
  public_id text not null unique,
  kind text not null check (kind in ('upload', 'share')),
  registration_id integer references registrations(id) on delete cascade,
  uploaded_by_user_id integer references users(id) on delete set null,
  uploaded_by_name text not null default '',
  display_name text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  created_at timestamptz not null default now(),
  check (kind = 'share' or registration_id is not null)
);
create index shared_files_registration on shared_files (registration_id);

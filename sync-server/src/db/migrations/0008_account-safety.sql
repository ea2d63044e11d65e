-- Account safety (issue 17; docs/decisions/018-account-safety.md).

-- An absolute session lifetime: a refresh family ends 30 days after its sign-in, however
-- often it is used. Existing families count from their oldest token.
alter table refresh_tokens add column family_started_at timestamptz;
update refresh_tokens r set family_started_at = (
  select min(f.created_at) from refresh_tokens f where f.family = r.family
);
alter table refresh_tokens alter column family_started_at set not null;
alter table refresh_tokens alter column family_started_at set default now();

-- Staff actions the audit log now records beside settings changes: door payments, voids
-- and CSV exports (staff edits of registrations use 'update').
alter table audit_log drop constraint if exists audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'delete', 'reorder', 'payment', 'void', 'export'));

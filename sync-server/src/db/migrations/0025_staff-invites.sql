-- The Staff page (docs/decisions/049-staff-invites.md).

-- An invitation by e-mail with a role. Only the SHA-256 of the link's 256-bit secret is kept; the
-- link works once (used_at), for 72 hours (expires_at), unless withdrawn (revoked_at). A new
-- invitation to the same address withdraws the pending one.
create table staff_invites (
  id serial primary key,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  role text not null,
  token_hash text not null unique,
  invited_by_user_id integer references users(id) on delete set null,
  invited_by_name text not null default '',
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  -- The account the invitation created or promoted, once used.
  user_id integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index staff_invites_email on staff_invites (lower(email));

-- The last time the account signed in (a new session: password, Google or an invitation), for
-- the Staff page; a refresh is not a sign-in.
alter table users add column last_sign_in_at timestamptz;

-- Invitations withdrawn and staff accounts revoked are audited as 'revoke'.
alter table audit_log drop constraint if exists audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'delete', 'reorder', 'payment', 'void', 'export', 'revoke'));

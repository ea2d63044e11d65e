-- Accounts (issue 3): e-mail verification and password-reset links, refresh tokens, Google link.
-- Links and refresh tokens are random and stored only as SHA-256 hashes (DESIGN.md section 6).

alter table users add column google_subject text;
create unique index users_google_subject on users (google_subject) where google_subject is not null;

create table account_links (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('verify', 'reset')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_links_user on account_links (user_id, purpose);

create table refresh_tokens (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  family text not null,
  token_hash text not null unique,
  token_version integer not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family);
create index refresh_tokens_user on refresh_tokens (user_id);

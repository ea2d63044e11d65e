-- Idempotency-Key on /api POSTs (docs/decisions/034-idempotency-keys.md): the first answer to a
-- key, replayed to a retry of the same request for 24 hours. A row with no status is a request
-- still running; one left so by a dead process is taken over after two minutes.
create table idempotency_keys (
  -- Whose key: 'user:<personId>' for a signed-in caller (the director when impersonating), or
  -- 'visitor'.
  owner text not null,
  key text not null,
  -- sha256 of the method, the path and the body: another request with the same key is refused.
  request_hash text not null,
  status integer,
  content_type text,
  body text,
  started_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  primary key (owner, key)
);
create index idempotency_keys_created_at on idempotency_keys (created_at);

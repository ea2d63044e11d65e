-- Each server keeps the account rows its sign-in check reads (roles, token version, name) in
-- its cache, under `caller:<id>` (docs/decisions/057-sign-in-check-cache.md). Any change to
-- those columns, or the account's deletion, tells every server to drop its copy: the NOTIFY is
-- sent at commit, from the database itself, so no writer (a service, the admin CLI, a script)
-- can forget to. Payload: the cache key, on the channel of every cache invalidation
-- (sync-server/src/lib/cache.ts).
create or replace function users_forget_caller() returns trigger
language plpgsql as $$
begin
  perform pg_notify('cache_invalidate', 'caller:' || old.id);
  return null;
end $$;

create trigger users_forget_caller_update after update on users
  for each row
  when (old.roles is distinct from new.roles
    or old.token_version is distinct from new.token_version
    or old.first_name is distinct from new.first_name
    or old.last_name is distinct from new.last_name)
  execute function users_forget_caller();

create trigger users_forget_caller_delete after delete on users
  for each row execute function users_forget_caller();

-- Consent per child (docs/decisions/043-consent-and-public-names.md).
--
-- Two choices a family makes for each competitor, asked at registration and changeable later
-- from the customer area: whether the child's name is shown on public results, the leaderboard
-- and TVs, and whether photos and video of the child may be published. Competitors registered
-- before these questions existed are neither named nor photographed until their family says so.
alter table competitors
  add column publish_name boolean not null default false,
  add column photos_allowed boolean not null default false;

-- Every consent given or withdrawn, never updated: who gave it (the signed-in account), when,
-- under which version of the privacy policy, and as whom (a guardian for a minor, the
-- competitor for someone 18 or older on tournament day). `competitor_id` is null for the
-- account's acceptance of a new privacy policy version.
create table consent_records (
  id serial primary key,
  user_id integer references users(id) on delete set null,
  competitor_id integer references competitors(id) on delete cascade,
  kind text not null check (kind in ('participation', 'publish_name', 'photos', 'privacy_policy')),
  given boolean not null,
  given_as text check (given_as in ('guardian', 'self')),
  policy_version integer not null,
  given_at timestamptz not null default now()
);
create index consent_records_competitor on consent_records (competitor_id);
create index consent_records_user on consent_records (user_id, policy_version);

-- The participation consent existing competitors were registered with, as far as it is known
-- (a guardian's box ticked, or an adult registering):
-- given by the registration's owner, under the first privacy policy (dated January 29, 2023),
-- when the competitor was added. Those families are asked to accept the current version
-- before they register again.
insert into consent_records (user_id, competitor_id, kind, given, given_as, policy_version, given_at)
select r.owner_user_id, c.id, 'participation', true, null, 1, c.created_at
from competitors c
join registrations r on r.id = c.registration_id;

-- Erasure and retention of personal data (docs/decisions/046-erasure-and-retention.md).
--
-- An erased account keeps its row (its registrations hold the results that placings and Grand
-- Championship totals are made of) with every personal column emptied and `erased_at` set; its
-- registrations and competitors are marked too, so venue devices drop them at their next pull
-- and public results show "Former competitor, School".
alter table users
  add column erased_at timestamptz,
  -- The last time the account signed in or refreshed its session: accounts idle for three years
  -- are erased, after a notice mailed 30 days before (`inactivity_notice_at`).
  add column last_active_at timestamptz,
  add column inactivity_notice_at timestamptz;
update users set last_active_at = coalesce(updated_at, created_at);

alter table registrations add column erased_at timestamptz;
alter table competitors add column erased_at timestamptz;

-- Payment records are kept six years after an erasure with the minimum: amount, date, method,
-- receipt code (on the receipt) and the payer's name, written here when the account is erased.
alter table payments add column payer_name text;

-- The retention purge after each tournament: when it finished (null: not yet, or interrupted;
-- running it again finishes it).
alter table tournaments add column personal_data_purged_at timestamptz;

-- The two periods, settable by a super admin: personal data kept this many months after a
-- tournament, and venue devices keeping a tournament's personal rows this many days after it.
alter table site_settings
  add column retention_months integer not null default 12 check (retention_months between 1 and 120),
  add column device_keep_days integer not null default 7 check (device_keep_days between 1 and 90);

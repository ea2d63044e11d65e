-- The tournament's time zone (issue 19; docs/decisions/029-tournament-time-zone.md): every time
-- staff screens show is in this zone, labelled, and CSV files carry its offset. Ontario by default.
alter table site_settings
  add column time_zone text not null default 'America/Toronto';

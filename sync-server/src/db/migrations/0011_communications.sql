-- Communications and the send pipeline (issue 16; docs/decisions/024-jobs-and-communications.md).
-- The job queue itself (pg-boss) makes and migrates its own schema; these are our own tables.
-- A message's recipients are the record of what was sent: a job only says "work on message N",
-- and each recipient row moves queued -> sending -> sent | failed in its own transactions, so a
-- job delivered twice, or run by two servers at once, sends each recipient once.

-- One message: an e-mail or an SMS, to a list of recipients. `dedupe_key` (unique when set)
-- makes "send once, even across restarts" a matter of enqueueing with the same key.
create table messages (
  id serial primary key,
  tournament_id integer references tournaments(id) on delete cascade,
  kind text not null,
  channel text not null check (channel in ('email', 'sms')),
  subject text not null default '',
  body text not null,
  audience jsonb,
  dedupe_key text unique,
  created_by integer references users(id) on delete set null,
  created_by_name text,
  -- Set when the SMS cost cap stopped the sending (the recipients left say so too).
  cap_reached_at timestamptz,
  created_at timestamptz not null default now()
);
create index messages_tournament on messages (tournament_id, id desc);

-- One recipient of a message, with its own merged text. `address` is an e-mail address
-- (lower case) or an E.164 phone number; each appears once per message.
create table message_recipients (
  id serial primary key,
  message_id integer not null references messages(id) on delete cascade,
  address text not null,
  name text not null default '',
  registration_id integer references registrations(id) on delete set null,
  contact_id integer references registration_contacts(id) on delete set null,
  subject text not null default '',
  body text not null,
  status text not null default 'queued'
    check (status in ('queued', 'sending', 'sent', 'failed', 'unsubscribed')),
  failure_reason text,
  provider_id text,
  cost_cents integer not null default 0,
  claimed_at timestamptz,
  sent_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (message_id, address)
);
create index message_recipients_queued on message_recipients (message_id, id) where status = 'queued';
create index message_recipients_sending on message_recipients (claimed_at) where status = 'sending';

-- Addresses that asked for no more messages: an e-mail's unsubscribe link, or an SMS STOP.
-- Honoured by every later send of that channel.
create table unsubscribes (
  channel text not null check (channel in ('email', 'sms')),
  address text not null,
  source text not null,
  created_at timestamptz not null default now(),
  primary key (channel, address)
);

-- Per tournament: the SMS cost cap (null: none) and what one SMS segment costs, and what has
-- been spent. The spend row is locked while an SMS is claimed, so two servers cannot overrun it.
create table communication_settings (
  tournament_id integer primary key references tournaments(id) on delete cascade,
  sms_cost_cap_cents integer check (sms_cost_cap_cents is null or sms_cost_cap_cents >= 0),
  sms_segment_cost_cents integer not null default 1 check (sms_segment_cost_cents >= 0),
  sms_spent_cents integer not null default 0,
  updated_at timestamptz not null default now()
);

-- Messages to reuse.
create table message_templates (
  id serial primary key,
  name text not null,
  subject text not null default '',
  body text not null default '',
  sms_body text not null default '',
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Without Twilio configured, SMS land here and a SuperAdmin reads them (like dev_mailbox).
create table dev_sms_outbox (
  id serial primary key,
  to_number text not null,
  body text not null,
  created_at timestamptz not null default now()
);

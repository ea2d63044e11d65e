-- Registration, competitors, contacts, payments and receipts (issue 5; DESIGN.md section 5).

-- What a competitor can enter at a tournament, each of one event type.
create table events (
  id serial primary key,
  tournament_id integer not null references tournaments(id) on delete cascade,
  event_type_id integer not null references event_types(id) on delete restrict,
  name text not null,
  sort_order integer not null default 0,
  -- Whether entering it needs the competitor's weight (sparring brackets go by weight).
  requires_weight boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index events_tournament on events (tournament_id, sort_order);

create table registrations (
  id serial primary key,
  owner_user_id integer not null references users(id) on delete cascade,
  tournament_id integer not null references tournaments(id) on delete restrict,
  is_completed boolean not null default false,
  spectators integer not null default 0 check (spectators >= 0),
  lunch integer not null default 0 check (lunch >= 0),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index registrations_tournament_owner on registrations (tournament_id, owner_user_id);
-- At most one incomplete registration per customer and tournament ("resumed if incomplete").
create unique index registrations_one_incomplete on registrations (owner_user_id, tournament_id) where not is_completed;

create table competitors (
  id serial primary key,
  registration_id integer not null references registrations(id) on delete cascade,
  first_name text not null,
  last_name text not null,
  date_of_birth date not null,
  gender smallint not null check (gender in (1, 2)),
  competitor_level_id integer not null references competitor_levels(id) on delete restrict,
  weight_kg numeric(5, 1),
  school text not null default '',
  emergency_contact_name text not null,
  emergency_contact_phone text not null,
  emergency_contact_relationship text not null,
  guardian_consent boolean not null default false,
  checked_in_at timestamptz,
  checked_in_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index competitors_registration on competitors (registration_id);

create table competitor_events (
  competitor_id integer not null references competitors(id) on delete cascade,
  event_id integer not null references events(id) on delete restrict,
  primary key (competitor_id, event_id)
);
create index competitor_events_event on competitor_events (event_id);

create table registration_contacts (
  id serial primary key,
  registration_id integer not null references registrations(id) on delete cascade,
  name text not null,
  email text not null,
  phone_number text,
  -- null: the contact has not chosen (SPEC.md section 3 flags it).
  agreed_to_sms_division_notifications boolean,
  agreed_to_email_division_notifications boolean,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index registration_contacts_registration on registration_contacts (registration_id, sort_order);

-- A payment's id is made by the paying side (Stripe Checkout session id, or a client-made
-- id for door payments), so a retried request or a replayed webhook records it once.
create table payments (
  id text primary key,
  registration_id integer not null references registrations(id) on delete cascade,
  method text not null check (method in ('online', 'cash', 'card', 'etransfer')),
  amount integer not null check (amount >= 0),
  stripe_checkout_session_id text,
  stripe_payment_intent_id text,
  recorded_by integer references users(id) on delete set null,
  voided boolean not null default false,
  voided_at timestamptz,
  voided_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index payments_registration on payments (registration_id);

create table receipts (
  id serial primary key,
  registration_id integer not null references registrations(id) on delete cascade,
  -- The payment it acknowledges; null for "pay at the door" completion.
  payment_id text unique references payments(id) on delete set null,
  confirmation_code text not null unique,
  title text not null,
  description text not null,
  payment_amount integer not null,
  total integer not null,
  balance_owing integer not null,
  items jsonb not null,
  created_at timestamptz not null default now()
);
create index receipts_registration on receipts (registration_id, id);

import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AccessKind, ConsentGivenAs, ConsentKind, Locale } from '@tournament/shared';

// Drizzle's view of the tables the SQL migrations create (db/migrations is the source of truth).

export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  siteName: text('site_name').notNull(),
  sitePrefix: text('site_prefix').notNull(),
  siteEmail: text('site_email').notNull(),
  siteUrl: text('site_url').notNull(),
  venueName: text('venue_name').notNull(),
  venueAddress: text('venue_address').notNull(),
  mapEmbedUrl: text('map_embed_url').notNull().default(''),
  mailingListUrl: text('mailing_list_url').notNull().default(''),
  googleClientId: text('google_client_id').notNull().default(''),
  sellLunchTickets: boolean('sell_lunch_tickets').notNull().default(false),
  mailingListTab: boolean('mailing_list_tab').notNull().default(true),
  allowSmsNotifications: boolean('allow_sms_notifications').notNull().default(true),
  smsSenderName: text('sms_sender_name').notNull().default(''), // 0004_settings.sql
  smsFromNumber: text('sms_from_number').notNull().default(''), // 0004_settings.sql
  timeZone: text('time_zone').notNull().default('America/Toronto'), // 0013_time-zone.sql
  retentionMonths: integer('retention_months').notNull().default(12), // 0022_erasure-and-retention.sql
  deviceKeepDays: integer('device_keep_days').notNull().default(7), // 0022_erasure-and-retention.sql
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const eventTypes = pgTable('event_types', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  showOnHomepage: boolean('show_on_homepage').notNull().default(true),
  decidedBy: text('decided_by', { enum: ['judged', 'bracket'] })
    .notNull()
    .default('judged'),
  sortOrder: integer('sort_order').notNull().default(0),
  // 0010_matchday.sql: how the event type is run on matchday.
  judges: smallint('judges').notNull().default(5),
  scoreMin: numeric('score_min', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
  scoreMax: numeric('score_max', { precision: 6, scale: 2, mode: 'number' }).notNull().default(10),
  minutesPerPerformance: numeric('minutes_per_performance', { precision: 6, scale: 2, mode: 'number' })
    .notNull()
    .default(2),
  minutesPerMatch: numeric('minutes_per_match', { precision: 6, scale: 2, mode: 'number' })
    .notNull()
    .default(3),
  thirdPlace: text('third_place', { enum: ['shared', 'match'] })
    .notNull()
    .default('shared'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const competitorLevels = pgTable('competitor_levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** What the level means, shown on the competitor form (migration 0014). */
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tournaments = pgTable('tournaments', {
  id: serial('id').primaryKey(),
  tournamentDate: date('tournament_date', { mode: 'string' }).notNull(),
  registrationOpensOn: date('registration_opens_on', { mode: 'string' }).notNull(),
  registrationClosesAfter: date('registration_closes_after', { mode: 'string' }).notNull(),
  competitorOnlineCost: integer('competitor_online_cost').notNull(),
  competitorDoorCost: integer('competitor_door_cost').notNull(),
  spectatorCost: integer('spectator_cost').notNull(),
  lunchCost: integer('lunch_cost').notNull(),
  city: text('city').notNull(),
  venue: text('venue').notNull(),
  inPersonRegistrationTimes: text('in_person_registration_times').notNull().default('8:30AM to 10AM'),
  blackBeltMeetingTime: text('black_belt_meeting_time').notNull().default(''),
  eliminationTime: text('elimination_time').notNull().default(''),
  /** 0022: when the retention purge after this tournament finished (decision 046). */
  personalDataPurgedAt: timestamp('personal_data_purged_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tournamentScheduleLines = pgTable('tournament_schedule_lines', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  sortOrder: integer('sort_order').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  addressLine1: text('address_line1').notNull().default(''),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull().default(''),
  province: text('province').notNull().default('ON'),
  postalCode: text('postal_code').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  roles: text('roles').array().notNull().default(['Customer']),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  // A change to roles, token version or name tells every server to read the account again (0027).
  tokenVersion: integer('token_version').notNull().default(0),
  googleSubject: text('google_subject'),
  isGuest: boolean('is_guest').notNull().default(false), // 0006_door.sql
  language: text('language').$type<Locale>().notNull().default('en'), // 0018_account-language.sql
  // 0022_erasure-and-retention.sql (decision 046)
  erasedAt: timestamp('erased_at', { withTimezone: true }),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  inactivityNoticeAt: timestamp('inactivity_notice_at', { withTimezone: true }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }), // 0025_staff-invites.sql
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const devMailbox = pgTable('dev_mailbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

// ---- 0004_settings.sql ----

export const divisions = pgTable('divisions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  minAge: integer('min_age').notNull(),
  maxAge: integer('max_age').notNull(),
  gender: smallint('gender'),
  minWeight: doublePrecision('min_weight'),
  maxWeight: doublePrecision('max_weight'),
  minSize: integer('min_size').notNull().default(1),
  maxSize: integer('max_size').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const divisionLevels = pgTable(
  'division_levels',
  {
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id, { onDelete: 'cascade' }),
    competitorLevelId: integer('competitor_level_id')
      .notNull()
      .references(() => competitorLevels.id),
  },
  (t) => [primaryKey({ columns: [t.divisionId, t.competitorLevelId] })],
);

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  actorName: text('actor_name').notNull().default(''),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  entity: text('entity').notNull(),
  entityId: integer('entity_id'),
  action: text('action').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
});

// 0002_accounts.sql
export const accountLinks = pgTable('account_links', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  family: text('family').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenVersion: integer('token_version').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0008_account-safety.sql: when the family's sign-in happened (absolute lifetime).
  familyStartedAt: timestamp('family_started_at', { withTimezone: true }).notNull().defaultNow(),
});

// Registration, competitors, contacts, payments and receipts (migration 0003).

export const events = pgTable('events', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  eventTypeId: integer('event_type_id')
    .notNull()
    .references(() => eventTypes.id),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  requiresWeight: boolean('requires_weight').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const registrations = pgTable('registrations', {
  id: serial('id').primaryKey(),
  ownerUserId: integer('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id),
  isCompleted: boolean('is_completed').notNull().default(false),
  spectators: integer('spectators').notNull().default(0),
  lunch: integer('lunch').notNull().default(0),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: bigint('version', { mode: 'number' }).notNull().default(0), // 0005_sync.sql
  isWalkIn: boolean('is_walk_in').notNull().default(false), // 0006_door.sql
  walkInId: text('walk_in_id'), // 0006_door.sql, unique
  erasedAt: timestamp('erased_at', { withTimezone: true }), // 0022_erasure-and-retention.sql
});

export const competitors = pgTable('competitors', {
  id: serial('id').primaryKey(),
  registrationId: integer('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  gender: smallint('gender').notNull(),
  competitorLevelId: integer('competitor_level_id')
    .notNull()
    .references(() => competitorLevels.id),
  weightKg: numeric('weight_kg', { precision: 5, scale: 1, mode: 'number' }),
  school: text('school').notNull().default(''),
  emergencyContactName: text('emergency_contact_name').notNull(),
  emergencyContactPhone: text('emergency_contact_phone').notNull(),
  emergencyContactRelationship: text('emergency_contact_relationship').notNull(),
  guardianConsent: boolean('guardian_consent').notNull().default(false),
  publishName: boolean('publish_name').notNull().default(false), // 0020_consent.sql
  photosAllowed: boolean('photos_allowed').notNull().default(false), // 0020_consent.sql
  erasedAt: timestamp('erased_at', { withTimezone: true }), // 0022_erasure-and-retention.sql
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: bigint('version', { mode: 'number' }).notNull().default(0), // 0005_sync.sql
});

/** 0020_consent.sql: every consent given or withdrawn, never updated (decision 043). */
export const consentRecords = pgTable('consent_records', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  competitorId: integer('competitor_id').references(() => competitors.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<ConsentKind>().notNull(),
  given: boolean('given').notNull(),
  givenAs: text('given_as').$type<ConsentGivenAs>(),
  policyVersion: integer('policy_version').notNull(),
  givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
});

export const competitorEvents = pgTable(
  'competitor_events',
  {
    competitorId: integer('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
  },
  (t) => [primaryKey({ columns: [t.competitorId, t.eventId] })],
);

export const registrationContacts = pgTable('registration_contacts', {
  id: serial('id').primaryKey(),
  registrationId: integer('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number'),
  agreedToSmsDivisionNotifications: boolean('agreed_to_sms_division_notifications'),
  agreedToEmailDivisionNotifications: boolean('agreed_to_email_division_notifications'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  registrationId: integer('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['online', 'cash', 'card', 'etransfer'] }).notNull(),
  amount: integer('amount').notNull(),
  stripeCheckoutSessionId: text('stripe_checkout_session_id'),
  stripePaymentIntentId: text('stripe_payment_intent_id'),
  recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  voided: boolean('voided').notNull().default(false),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  tendered: integer('tendered'), // 0006_door.sql
  voidReason: text('void_reason'), // 0006_door.sql
  payerName: text('payer_name'), // 0022: kept after the payer's account is erased (decision 046)
  version: bigint('version', { mode: 'number' }).notNull().default(0), // 0006_door.sql
});

export const receipts = pgTable('receipts', {
  id: serial('id').primaryKey(),
  registrationId: integer('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  confirmationCode: text('confirmation_code').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  paymentAmount: integer('payment_amount').notNull(),
  total: integer('total').notNull(),
  balanceOwing: integer('balance_owing').notNull(),
  items: jsonb('items')
    .$type<{ description: string; quantity: number; unitPrice: number; amount: number }[]>()
    .notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0015_notices.sql: the receipt mail, sent once (docs/decisions/026-automatic-notices.md).
  mailState: text('mail_state', { enum: ['none', 'queued', 'sending', 'sent'] })
    .notNull()
    .default('none'),
  mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true }),
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
});

// ---- 0005_sync.sql (docs/decisions/011-sync-protocol.md) ----

export const syncClients = pgTable('sync_clients', {
  clientId: text('client_id').primaryKey(),
  clientGroupId: text('client_group_id').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(), // 0009
});

export const tournamentVersions = pgTable('tournament_versions', {
  tournamentId: integer('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
});

export const syncTombstones = pgTable('sync_tombstones', {
  tournamentId: integer('tournament_id').notNull(),
  entity: text('entity').notNull(),
  // Text since 0009: entities keyed by device-made strings have tombstones too.
  entityId: text('entity_id').notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const syncMutationResults = pgTable(
  'sync_mutation_results',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.clientId, { onDelete: 'cascade' }),
    mutationId: bigint('mutation_id', { mode: 'number' }).notNull(),
    name: text('name').notNull().default(''),
    status: text('status', { enum: ['applied', 'rejected'] }).notNull(),
    code: text('code'),
    message: text('message'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

// ---- 0007_matchmaking.sql (docs/decisions/017-matchmaking.md) ----

/** A division rule as it stood when a draft was made (the shared MatchRule shape). */
interface MatchRuleSnapshot {
  id: number;
  name: string;
  sortOrder: number;
  minAge: number;
  maxAge: number;
  gender: 1 | 2 | null;
  competitorLevelIds: number[];
  minWeight: number | null;
  maxWeight: number | null;
  minSize: number;
  maxSize: number;
}

export const matchmakingDrafts = pgTable('matchmaking_drafts', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  source: text('source', { enum: ['completed', 'checkedIn'] }).notNull(),
  eventTypeIds: integer('event_type_ids').array().notNull(),
  rules: jsonb('rules').$type<MatchRuleSnapshot[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const draftDivisions = pgTable('draft_divisions', {
  id: serial('id').primaryKey(),
  draftId: integer('draft_id')
    .notNull()
    .references(() => matchmakingDrafts.id, { onDelete: 'cascade' }),
  divisionRuleId: integer('division_rule_id').references(() => divisions.id),
  title: text('title').notNull(),
  eventTypeIds: integer('event_type_ids').array().notNull(),
  minAge: integer('min_age').notNull(),
  maxAge: integer('max_age').notNull(),
  gender: smallint('gender'),
  competitorLevelIds: integer('competitor_level_ids').array().notNull().default([]),
  minWeight: doublePrecision('min_weight'),
  maxWeight: doublePrecision('max_weight'),
  minSize: integer('min_size').notNull(),
  maxSize: integer('max_size').notNull(),
  locked: boolean('locked').notNull().default(false),
  note: text('note').notNull().default(''),
  overrides: jsonb('overrides').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const draftDivisionCompetitors = pgTable(
  'draft_division_competitors',
  {
    draftDivisionId: integer('draft_division_id')
      .notNull()
      .references(() => draftDivisions.id, { onDelete: 'cascade' }),
    competitorId: integer('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.draftDivisionId, t.competitorId] })],
);

export const matchmakingPublications = pgTable('matchmaking_publications', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  draftId: integer('draft_id')
    .notNull()
    .references(() => matchmakingDrafts.id, { onDelete: 'cascade' }),
  publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const publishedDivisions = pgTable(
  'published_divisions',
  {
    publicationId: integer('publication_id')
      .notNull()
      .references(() => matchmakingPublications.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id').notNull(),
    title: text('title').notNull(),
    eventTypeIds: integer('event_type_ids').array().notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.divisionId] })],
);

export const publishedDivisionCompetitors = pgTable(
  'published_division_competitors',
  {
    publicationId: integer('publication_id').notNull(),
    divisionId: integer('division_id').notNull(),
    competitorId: integer('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.divisionId, t.competitorId] })],
);

export const divisionChangeNotices = pgTable('division_change_notices', {
  id: serial('id').primaryKey(),
  publicationId: integer('publication_id')
    .notNull()
    .references(() => matchmakingPublications.id, { onDelete: 'cascade' }),
  registrationId: integer('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  competitorId: integer('competitor_id')
    .notNull()
    .references(() => competitors.id, { onDelete: 'cascade' }),
  fromTitle: text('from_title').notNull(),
  toTitle: text('to_title'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

// ---- Rings and matchday (0010_matchday.sql) ----

export const rings = pgTable('rings', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  isOpen: boolean('is_open').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ringDivisions = pgTable('ring_divisions', {
  id: integer('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  eventTypeIds: integer('event_type_ids').array().notNull(),
  eventTypes: jsonb('event_types').$type<string[]>().notNull(),
  competitorCount: integer('competitor_count').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  ringId: integer('ring_id').references(() => rings.id, { onDelete: 'set null' }),
  queueOrder: integer('queue_order').notNull().default(0),
  status: text('status', { enum: ['upcoming', 'current', 'completed'] })
    .notNull()
    .default('upcoming'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const divisionEntries = pgTable('division_entries', {
  id: text('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  divisionId: integer('division_id')
    .notNull()
    .references(() => ringDivisions.id, { onDelete: 'cascade' }),
  competitorId: integer('competitor_id')
    .notNull()
    .references(() => competitors.id, { onDelete: 'cascade' }),
  noShow: boolean('no_show').notNull().default(false),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const divisionResults = pgTable('division_results', {
  id: text('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  divisionId: integer('division_id')
    .notNull()
    .references(() => ringDivisions.id, { onDelete: 'cascade' }),
  eventTypeId: integer('event_type_id')
    .notNull()
    .references(() => eventTypes.id),
  draw: integer('draw').array(),
  placings: jsonb('placings').$type<{ competitorId: number; place: 1 | 2 | 3 | 4 }[]>(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  correctedAt: timestamp('corrected_at', { withTimezone: true }),
  correctedBy: integer('corrected_by').references(() => users.id, { onDelete: 'set null' }),
  correctedByName: text('corrected_by_name'),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const judgeScores = pgTable('judge_scores', {
  id: text('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  divisionId: integer('division_id')
    .notNull()
    .references(() => ringDivisions.id, { onDelete: 'cascade' }),
  eventTypeId: integer('event_type_id')
    .notNull()
    .references(() => eventTypes.id),
  competitorId: integer('competitor_id')
    .notNull()
    .references(() => competitors.id, { onDelete: 'cascade' }),
  judge: smallint('judge').notNull(),
  round: smallint('round').notNull(),
  value: numeric('value', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
  enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
  enteredByName: text('entered_by_name'),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const matchResults = pgTable('match_results', {
  id: text('id').primaryKey(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  divisionId: integer('division_id')
    .notNull()
    .references(() => ringDivisions.id, { onDelete: 'cascade' }),
  eventTypeId: integer('event_type_id')
    .notNull()
    .references(() => eventTypes.id),
  matchId: text('match_id').notNull(),
  winnerId: integer('winner_id').references(() => competitors.id, { onDelete: 'set null' }),
  enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
  enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
  enteredByName: text('entered_by_name'),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const matchdaySettings = pgTable('matchday_settings', {
  id: integer('id').primaryKey(),
  tournamentId: integer('tournament_id').notNull(),
  leaderboardGroups: jsonb('leaderboard_groups')
    .$type<{ id: string; label: string; minAge: number; maxAge: number; gender: 1 | 2 | null }[]>()
    .notNull(),
  behindWarningMinutes: integer('behind_warning_minutes').notNull().default(15), // 0024
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// 0024_control-room.sql: each device's last contact (docs/decisions/048-control-room.md).
export const syncDevices = pgTable('sync_devices', {
  id: serial('id').primaryKey(),
  clientId: text('client_id').notNull().unique(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ringId: integer('ring_id'),
  outboxDepth: integer('outbox_depth').notNull().default(0),
  lastHeardAt: timestamp('last_heard_at', { withTimezone: true }).notNull().defaultNow(),
});

// 0012_file-sharing.sql: a customer's upload for staff, or a staff share (no registration: everyone).
export const sharedFiles = pgTable('shared_files', {
  id: serial('id').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  kind: text('kind').$type<'upload' | 'share'>().notNull(),
  registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  uploadedByName: text('uploaded_by_name').notNull().default(''),
  displayName: text('display_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Communications and the send pipeline (0011_communications.sql) ----

export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  tournamentId: integer('tournament_id').references(() => tournaments.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  audience: jsonb('audience').$type<Record<string, unknown>>(),
  dedupeKey: text('dedupe_key'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name'),
  capReachedAt: timestamp('cap_reached_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messageRecipients = pgTable('message_recipients', {
  id: serial('id').primaryKey(),
  messageId: integer('message_id')
    .notNull()
    .references(() => messages.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  name: text('name').notNull().default(''),
  registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
  contactId: integer('contact_id').references(() => registrationContacts.id, { onDelete: 'set null' }),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'unsubscribed'] })
    .notNull()
    .default('queued'),
  failureReason: text('failure_reason'),
  providerId: text('provider_id'),
  costCents: integer('cost_cents').notNull().default(0),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const unsubscribes = pgTable(
  'unsubscribes',
  {
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    address: text('address').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.address] })],
);

export const communicationSettings = pgTable('communication_settings', {
  tournamentId: integer('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  smsCostCapCents: integer('sms_cost_cap_cents'),
  smsSegmentCostCents: integer('sms_segment_cost_cents').notNull().default(1),
  smsSpentCents: integer('sms_spent_cents').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull().default(''),
  smsBody: text('sms_body').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const devSmsOutbox = pgTable('dev_sms_outbox', {
  id: serial('id').primaryKey(),
  toNumber: text('to_number').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Idempotency-Key answers (http/idempotency.ts; migration 0017). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] })],
);

/** 0021_access-log.sql: who looked at a family's data (decision 045); never updated. */
export const accessLog = pgTable('access_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  actorName: text('actor_name').notNull().default(''),
  kind: text('kind').$type<AccessKind>().notNull(),
  familyUserId: integer('family_user_id').references(() => users.id, { onDelete: 'set null' }),
  registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
  detail: text('detail').notNull().default(''),
});

// 0025_staff-invites.sql: invitations from the Staff page (docs/decisions/049-staff-invites.md).
export const staffInvites = pgTable('staff_invites', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  role: text('role').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  invitedByName: text('invited_by_name').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

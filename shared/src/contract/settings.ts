import { msg } from '../i18n/message-ref.ts';
import { z } from 'zod';
import { divisionRuleErrors } from '../domain/division-rules.ts';
import { MESSAGES } from '../domain/messages.ts';
import { isCalendarDay, TOURNAMENT_DATE_MESSAGES, tournamentDateErrors } from '../domain/tournament-dates.ts';
import { isTimeZone, TIME_ZONE_MESSAGE } from '../domain/time.ts';
import { freeText, textRule, type TextOptions } from '../domain/text.ts';
import { emailField, MAX_ID, requiredText } from '../domain/validation.ts';
import type { PathParam } from './paths.ts';
import { EventTypeSchema, SiteSettingsSchema, TournamentSchema } from './public.ts';

// The SuperAdmin settings API under /api/admin (request and answer schemas; decision 007).
// Field rules live here so the settings pages validate exactly as the server does.

const A = '/api/admin';
export const SETTINGS_PATHS = {
  tournaments: `${A}/tournaments`,
  tournament: (id: PathParam) => `${A}/tournaments/${id}`,
  eventTypes: `${A}/event-types`,
  eventType: (id: PathParam) => `${A}/event-types/${id}`,
  eventTypesOrder: `${A}/event-types/reorder`,
  competitorLevels: `${A}/competitor-levels`,
  competitorLevel: (id: PathParam) => `${A}/competitor-levels/${id}`,
  competitorLevelsOrder: `${A}/competitor-levels/reorder`,
  /** GET takes `?tournamentId=`; POST creates one. */
  events: `${A}/events`,
  event: (id: PathParam) => `${A}/events/${id}`,
  eventsOrder: `${A}/events/reorder`,
  divisions: `${A}/divisions`,
  division: (id: PathParam) => `${A}/divisions/${id}`,
  divisionsOrder: `${A}/divisions/reorder`,
  siteSettings: `${A}/site-settings`,
  auditLog: `${A}/audit-log`,
} as const;

const WHOLE_DOLLARS = msg('settings.field.wholeDollars');
const WHOLE_NUMBER = msg('settings.field.wholeNumber');

const calendarDay = () =>
  z.string({ error: MESSAGES.required }).refine(isCalendarDay, TOURNAMENT_DATE_MESSAGES.notADay);
const dollars = () =>
  z.number({ error: WHOLE_DOLLARS }).int(WHOLE_DOLLARS).min(0, WHOLE_DOLLARS).max(100_000, WHOLE_DOLLARS);
const count = (max: number) =>
  z
    .number({ error: WHOLE_NUMBER })
    .int(WHOLE_NUMBER)
    .min(0, WHOLE_NUMBER)
    .max(max, msg('settings.field.atMost', { max }));
// Free text refuses what PostgreSQL cannot store and what misleads a reader (text.ts).
const text = (max: number, options: TextOptions = {}) => freeText(max, options).default('');
const webAddress = msg('settings.field.webAddress');
const optionalUrl = () =>
  z
    .string()
    .trim()
    .max(2000, webAddress)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), webAddress)
    .superRefine(textRule())
    .default('');

const id = () => z.number().int().positive().max(MAX_ID);
export const IdParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** Adds a rule's `{field: message}` complaints as zod issues on those fields. */
function addRuleErrors(errors: Record<string, string>, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(errors))
    ctx.addIssue({ code: 'custom', path: [path], message });
}

// ---- Tournaments (docs/product.md §3) ----

export const ScheduleLineInputSchema = z.object({
  order: count(10_000),
  line1: requiredText(200),
  line2: text(200),
});

/**
 * The full tournament as an organizer edits it: docs/product.md §3 fields without id and
 * the derived flags (both are ignored when sent), schedule lines included.
 */
const DATE_FIELDS = ['tournamentDate', 'registrationOpensOn', 'registrationClosesAfter'];

export const TournamentInputSchema = z
  .object({
    tournamentDate: calendarDay(),
    registrationOpensOn: calendarDay(),
    registrationClosesAfter: calendarDay(),
    competitorOnlineCost: dollars(),
    competitorDoorCost: dollars(),
    spectatorCost: dollars(),
    lunchCost: dollars(),
    city: requiredText(100),
    venue: requiredText(200),
    inPersonRegistrationTimes: text(100),
    blackBeltMeetingTime: text(100),
    eliminationTime: text(100),
    schedule: z
      .array(ScheduleLineInputSchema)
      .max(50, msg('settings.field.scheduleLines', { max: 50 }))
      .default([]),
  })
  // The date rule runs once the three dates are valid days, even while other fields are still
  // wrong, so a person sees every complaint at once.
  .superRefine((t, ctx) => addRuleErrors(tournamentDateErrors(t), ctx), {
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => DATE_FIELDS.includes(String(issue.path?.[0]))),
  });
export type TournamentInput = z.input<typeof TournamentInputSchema>;

/** Admin answer: the public tournament plus how many registrations and events it has. */
export const AdminTournamentSchema = TournamentSchema.extend({
  registrationCount: z.number().int(),
  eventCount: z.number().int(),
});
export type AdminTournament = z.infer<typeof AdminTournamentSchema>;

// ---- Event types ----

// How an event type is run on matchday (decision 021; columns of 0010_matchday.sql, numeric(6, 2)).
// Optional on input: a new event type gets these defaults, an edit that leaves one out keeps it.
export const EVENT_TYPE_MATCHDAY_DEFAULTS = {
  judges: 5,
  scoreMin: 0,
  scoreMax: 10,
  minutesPerPerformance: 2,
  minutesPerMatch: 3,
  thirdPlace: 'shared',
} as const;
export const EVENT_TYPE_MESSAGES = {
  judges: msg('eventType.judges'),
  score: msg('eventType.score'),
  scoreOrder: msg('eventType.scoreOrder'),
  minutes: msg('eventType.minutes'),
  thirdPlace: msg('eventType.thirdPlace'),
} as const;
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const score = () =>
  z
    .number({ error: EVENT_TYPE_MESSAGES.score })
    .min(-9999, EVENT_TYPE_MESSAGES.score)
    .max(9999, EVENT_TYPE_MESSAGES.score)
    .refine(twoDecimals, EVENT_TYPE_MESSAGES.score);
const minutes = () =>
  z
    .number({ error: EVENT_TYPE_MESSAGES.minutes })
    .gt(0, EVENT_TYPE_MESSAGES.minutes)
    .max(600, EVENT_TYPE_MESSAGES.minutes)
    .refine(twoDecimals, EVENT_TYPE_MESSAGES.minutes);

export const EventTypeInputSchema = z
  .object({
    title: requiredText(100),
    description: text(2000, { multiline: true }),
    showOnHomepage: z.boolean().default(true),
    decidedBy: z.enum(['judged', 'bracket'], { error: msg('settings.field.decidedBy') }),
    judges: z.union([z.literal(3), z.literal(5)], { error: EVENT_TYPE_MESSAGES.judges }).optional(),
    scoreMin: score().optional(),
    scoreMax: score().optional(),
    minutesPerPerformance: minutes().optional(),
    minutesPerMatch: minutes().optional(),
    thirdPlace: z.enum(['shared', 'match'], { error: EVENT_TYPE_MESSAGES.thirdPlace }).optional(),
  })
  // Both given here; one given against the stored other is the server's check.
  .refine((t) => t.scoreMin === undefined || t.scoreMax === undefined || t.scoreMin < t.scoreMax, {
    path: ['scoreMax'],
    message: EVENT_TYPE_MESSAGES.scoreOrder,
  });
export type EventTypeInput = z.input<typeof EventTypeInputSchema>;

export const AdminEventTypeSchema = EventTypeSchema.extend({
  sortOrder: z.number().int(),
  eventCount: z.number().int(),
  judges: z.union([z.literal(3), z.literal(5)]),
  scoreMin: z.number(),
  scoreMax: z.number(),
  minutesPerPerformance: z.number(),
  minutesPerMatch: z.number(),
  thirdPlace: z.enum(['shared', 'match']),
});
export type AdminEventType = z.infer<typeof AdminEventTypeSchema>;

// ---- Competitor levels ----

export const CompetitorLevelInputSchema = z.object({
  name: requiredText(100),
  /** Shown to families beside the level on the competitor form; absent on a rename keeps it. */
  description: freeText(300).optional(),
});
export type CompetitorLevelInput = z.input<typeof CompetitorLevelInputSchema>;

export const CompetitorLevelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
});
export type CompetitorLevel = z.infer<typeof CompetitorLevelSchema>;

/** A new order: every id of the list, first to last. */
export const ReorderSchema = z.object({
  ids: z.array(id()).min(1, MESSAGES.required).max(1000),
});
// ---- Events of a tournament (docs/design.md §5) ----

export const TournamentEventInputSchema = z.object({
  tournamentId: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required).max(MAX_ID),
  eventTypeId: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required).max(MAX_ID),
  /** Empty: the event type's title. */
  name: text(100),
  /** Entering it needs the competitor's weight (sparring brackets go by weight). */
  requiresWeight: z.boolean().default(false),
});
export type TournamentEventInput = z.input<typeof TournamentEventInputSchema>;

export const TournamentEventSchema = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  eventTypeId: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
  requiresWeight: z.boolean(),
  entryCount: z.number().int(),
});
export type TournamentEvent = z.infer<typeof TournamentEventSchema>;

export const EventsQuerySchema = z.object({
  tournamentId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

// ---- Divisions (docs/design.md §5) ----

const nullableWeight = () =>
  z
    .number({ error: msg('settings.field.weight') })
    .min(0, msg('settings.field.weight'))
    .max(500, msg('settings.field.weight'))
    .nullable()
    .default(null);

export const DivisionInputSchema = z
  .object({
    name: requiredText(100),
    minAge: count(120),
    maxAge: count(120),
    /** docs/product.md §3 genders: 1 Male, 2 Female; null is mixed. */
    gender: z.union([z.literal(1), z.literal(2), z.null()], { error: msg('settings.field.gender') }),
    /** None listed: any level. */
    competitorLevelIds: z.array(id()).max(50).default([]),
    minWeight: nullableWeight(),
    maxWeight: nullableWeight(),
    minSize: count(200).refine((n) => n >= 1, msg('settings.field.roomForOne')),
    maxSize: count(200).refine((n) => n >= 1, msg('settings.field.roomForOne')),
  })
  .superRefine((d, ctx) => addRuleErrors(divisionRuleErrors(d), ctx));
export type DivisionInput = z.input<typeof DivisionInputSchema>;

export const DivisionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minAge: z.number().int(),
  maxAge: z.number().int(),
  gender: z.union([z.literal(1), z.literal(2), z.null()]),
  competitorLevelIds: z.array(z.number().int()),
  minWeight: z.number().nullable(),
  maxWeight: z.number().nullable(),
  minSize: z.number().int(),
  maxSize: z.number().int(),
  sortOrder: z.number().int(),
});
export type Division = z.infer<typeof DivisionSchema>;

// ---- Site settings (docs/product.md §1 and §6, plus SMS sender) ----

const SMS_SENDER = msg('settings.field.smsSender');
const SMS_NUMBER = msg('settings.field.smsNumber');

export const AdminSiteSettingsSchema = SiteSettingsSchema.extend({
  smsSenderName: z.string(),
  smsFromNumber: z.string(),
  version: z.number().int(),
});
export type AdminSiteSettings = z.infer<typeof AdminSiteSettingsSchema>;

export const SiteSettingsInputSchema = z.object({
  siteName: requiredText(200),
  sitePrefix: requiredText(30),
  siteEmail: emailField(),
  siteUrl: requiredText(2000).refine((v) => /^https?:\/\/[^\s]+$/i.test(v), webAddress),
  venueName: requiredText(200),
  venueAddress: requiredText(300),
  mapEmbedUrl: optionalUrl(),
  mailingListUrl: optionalUrl(),
  googleClientId: text(300),
  /** The tournament's time zone, an IANA name (decision 029). */
  timeZone: z.string().trim().refine(isTimeZone, TIME_ZONE_MESSAGE),
  flags: z.object({
    SellLunchTickets: z.boolean(),
    MailingListTab: z.boolean(),
    AllowSmsNotifications: z.boolean(),
  }),
  /** Alphanumeric sender id shown on SMS where carriers allow it. */
  smsSenderName: text(11).refine((v) => /^[A-Za-z0-9 ]*$/.test(v), SMS_SENDER),
  /** The number SMS are sent from. */
  smsFromNumber: text(16).refine((v) => v === '' || /^\+?\d{10,15}$/.test(v), SMS_NUMBER),
});
export type SiteSettingsInput = z.input<typeof SiteSettingsInputSchema>;

// ---- Audit log ----

export const AUDIT_ENTITIES = [
  'tournament',
  'division',
  'eventType',
  'event',
  'competitorLevel',
  'siteSettings',
  // A director starting to view the site as a customer (decision 014).
  'impersonation',
  // Decision 018: staff edits of a family's registration, door payments and
  // voids (entity id = the registration), and registrations CSV exports (id = tournament).
  'registration',
  'payment',
  'registrationsCsv',
  // A division's result corrected after completion (decision 021; entity id = the division).
  'divisionResult',
  'ring',
  // Decision 025: staff shares and their removal, and staff downloads of a
  // family's upload ('export'); entity id = the file's row, its public id in before/after.
  'sharedFile',
  // Decision 046: an account erased (by the family, a super admin's request, or inactivity).
  'account',
  // Decision 049: staff invitations (entity id = the invitation) and staff accounts' roles and
  // revocation (entity id = the account).
  'staffInvite',
  'staffAccount',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'reorder',
  'payment',
  'void',
  'export',
  'revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  /** Entries older than this id (paging back). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// Whole answers of the settings lists (GET, and the reorder calls that answer the new order).
export const AdminTournamentListSchema = z.array(AdminTournamentSchema);
export const AdminEventTypeListSchema = z.array(AdminEventTypeSchema);
export const CompetitorLevelListSchema = z.array(CompetitorLevelSchema);
export const TournamentEventListSchema = z.array(TournamentEventSchema);
export const DivisionListSchema = z.array(DivisionSchema);
export const AuditEntryListSchema = z.array(AuditEntrySchema);

import { z } from 'zod';
import type { SyncScope } from './sync.ts';

// The entity registry (docs/decisions/011-sync-protocol.md, "Adding a synced
// entity"): every synced entity declared once, with its key, row schema, the scopes whose
// patches carry it, its device indexes, and which fields mutators may write. The device's
// Dexie stores, patches and clears, the in-memory replica, the mutators' MemoryStore, the
// server's mutator store, its pull readers and tombstones all follow from these entries.

/** One synced entity. Rows are keyed by `id`: a number, or a string made on the device. */
export interface EntityDef<
  N extends string = string,
  Row extends { id: number | string } = { id: number | string },
> {
  name: N;
  /** The type of `id`: numbers from the server's sequences, or strings made by the device. */
  key: [Row['id']] extends [number]
    ? 'number'
    : [Row['id']] extends [string]
      ? 'string'
      : 'number' | 'string';
  schema: z.ZodType<Row>;
  /** The scopes whose patches carry it (and whose clear drops it from the device). */
  scopes: readonly SyncScope[];
  /** Device indexes besides the key (Dexie), for fields the screens look rows up by. */
  indexes: readonly (keyof Row & string)[];
  /** Fields a mutator may change on the server; any other change there is a bug, not a rule. */
  writable: readonly (keyof Row & string)[];
  /**
   * Fields the server computes when it reads a row (a balance, a count). A mutator changes
   * them only for the device's view; the server ignores the change and recomputes them.
   */
  derived: readonly (keyof Row & string)[];
  /** Rows that go with a deleted row of another entity, having no tombstones of their own. */
  deletedWith?: { entity: string; field: keyof Row & string };
}

/** Any entity, its field names erased: what registry-driven code (stores, patches, readers) sees. */
export interface AnyEntityDef {
  name: string;
  key: 'number' | 'string';
  schema: z.ZodType;
  scopes: readonly SyncScope[];
  indexes: readonly string[];
  writable: readonly string[];
  derived: readonly string[];
  deletedWith?: { entity: string; field: string };
}

/** Declares an entity, typed from its schema. */
export function defineEntity<N extends string, Row extends { id: number | string }>(
  def: EntityDef<N, Row>,
): EntityDef<N, Row> {
  return def;
}

// ---- Rows and entities ------------------------------------------------------------------------

/** A registration as check-in (and its own customer) sees it. */
export const SyncRegistrationSchema = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  /** The owner's last name (the family), and first name, for search. */
  familyName: z.string(),
  ownerFirstName: z.string(),
  isCompleted: z.boolean(),
  /** Confirmation codes of its receipts, newest first (a family may show an older receipt). */
  confirmationCodes: z.array(z.string()),
  /**
   * Whole dollars still to pay: `cost - amountPaid`. Negative when more was taken than is due
   * (two tablets took money offline for one family): show "Refund due $X" (`balanceText`).
   */
  balanceOwing: z.number().int(),
  competitorCount: z.number().int(),
  /** The docs/product.md §9 total due, at the door price for a walk-in (`registrationTotal`). */
  cost: z.number().int(),
  /** Sum of the registration's payments not voided. */
  amountPaid: z.number().int(),
  /** Registered at the door on tournament day (`registerWalkIn@1`): competitors pay the door price. */
  isWalkIn: z.boolean(),
  /** The walk-in's idempotency key (`registerWalkIn@1` walkInId), null otherwise. */
  walkInId: z.string().nullable(),
  version: z.number().int(),
});
export type SyncRegistration = z.infer<typeof SyncRegistrationSchema>;

/** A competitor as check-in sees it. `checkedInBy`/`checkedInByName` are null in the customer scope. */
export const SyncCompetitorSchema = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** ISO 8601, or null when not checked in. */
  checkedInAt: z.string().nullable(),
  checkedInBy: z.number().int().nullable(),
  checkedInByName: z.string().nullable(),
  /**
   * Photos and video may be published (decision 043): check-in shows "No photos" when false.
   * Optional: a device's rows stored before it have none, and a walk-in made offline neither.
   */
  photosAllowed: z.boolean().optional(),
  version: z.number().int(),
});
export type SyncCompetitor = z.infer<typeof SyncCompetitorSchema>;

export const PAYMENT_METHODS = ['online', 'cash', 'card', 'etransfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What staff take at the door (card = the card terminal). */
export const DOOR_PAYMENT_METHODS = ['cash', 'card', 'etransfer'] as const;
export type DoorPaymentMethod = (typeof DOOR_PAYMENT_METHODS)[number];

/**
 * A payment of a registration of the next tournament (checkin scope): door payments and
 * online ones. Never deleted: a mistake is voided (SuperAdmin), and the row stays.
 */
export const SyncPaymentSchema = z.object({
  /** Made on the device (crypto.randomUUID()) for a door payment; the Stripe session id online. */
  id: z.string(),
  registrationId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  /** Whole dollars, > 0. */
  amount: z.number().int(),
  /** Cash handed over (cash only, else null): change due = tendered - amount. */
  tendered: z.number().int().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Staff who recorded it (person id and name); null for online payments. */
  recordedBy: z.number().int().nullable(),
  recordedByName: z.string().nullable(),
  voided: z.boolean(),
  voidReason: z.string().nullable(),
  /** ISO 8601 of the void, or null. */
  voidedAt: z.string().nullable(),
  voidedBy: z.number().int().nullable(),
  voidedByName: z.string().nullable(),
  version: z.number().int(),
});
export type SyncPayment = z.infer<typeof SyncPaymentSchema>;

export const registrationsEntity = defineEntity({
  name: 'registrations',
  key: 'number',
  schema: SyncRegistrationSchema,
  scopes: ['checkin', 'customer'],
  indexes: ['tournamentId'],
  writable: [],
  derived: ['isCompleted', 'confirmationCodes', 'balanceOwing', 'amountPaid', 'cost', 'competitorCount'],
});

export const competitorsEntity = defineEntity({
  name: 'competitors',
  key: 'number',
  schema: SyncCompetitorSchema,
  // Matchday: ring officials see who has checked in (decision 021).
  scopes: ['checkin', 'customer', 'matchday'],
  indexes: ['registrationId'],
  writable: ['checkedInAt', 'checkedInBy', 'checkedInByName'],
  derived: [],
});

/** Payments (who took what, voids and their reasons) are for staff: the checkin scope only. */
export const paymentsEntity = defineEntity({
  name: 'payments',
  key: 'string',
  schema: SyncPaymentSchema,
  scopes: ['checkin'],
  indexes: ['registrationId'],
  writable: ['voided', 'voidReason', 'voidedAt', 'voidedBy', 'voidedByName'],
  derived: [],
  // Never deleted (voided instead): they go with their registration.
  deletedWith: { entity: 'registrations', field: 'registrationId' },
});

// ---- Rings and matchday (decision 021) -------------------------------------------------------------
// Rings and the divisions they run are in the signage scope too: titles, event types, queue
// order and times only, no personal data. Entries, scores and results are for the ring
// officials (matchday scope, directors).

/** A ring of the next tournament. Open rings show on signage (SPEC section 4). */
export const SyncRingSchema = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  name: z.string(),
  isOpen: z.boolean(),
  sortOrder: z.number().int(),
  version: z.number().int(),
});
export type SyncRing = z.infer<typeof SyncRingSchema>;

export const DIVISION_STATUSES = ['upcoming', 'current', 'completed'] as const;
/** How an event type is run on matchday (settings per event type; docs/design.md §5). */
export const MatchdayRulesSchema = z.object({
  eventTypeId: z.number().int(),
  title: z.string(),
  decidedBy: z.enum(['judged', 'bracket']),
  judges: z.union([z.literal(3), z.literal(5)]),
  scoreMin: z.number(),
  scoreMax: z.number(),
  minutesPerPerformance: z.number(),
  minutesPerMatch: z.number(),
  thirdPlace: z.enum(['shared', 'match']),
});
export type MatchdayRules = z.infer<typeof MatchdayRulesSchema>;

/**
 * A published division as rings run it (its id is the published division's, stable across
 * publications of one draft). `ringId` null: not assigned yet. `queueOrder` orders a ring's
 * queue; `status` is SPEC section 4's current, upcoming or completed.
 */
export const SyncDivisionSchema = z.object({
  id: z.number().int(),
  tournamentId: z.number().int(),
  title: z.string(),
  eventTypeIds: z.array(z.number().int()),
  /** Event type titles, as signage shows them. */
  eventTypes: z.array(z.string()),
  /** How each of its event types is run, from the settings (derived when read). */
  rules: z.array(MatchdayRulesSchema),
  /** How many competitors it has (for estimated times; no names here). */
  competitorCount: z.number().int(),
  ringId: z.number().int().nullable(),
  queueOrder: z.number().int(),
  status: z.enum(DIVISION_STATUSES),
  /** ISO 8601, or null. */
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  version: z.number().int(),
});
export type SyncDivision = z.infer<typeof SyncDivisionSchema>;

/** A competitor in a division, as the ring official sees them. Id: "divisionId:competitorId". */
export const SyncDivisionEntrySchema = z.object({
  id: z.string(),
  divisionId: z.number().int(),
  competitorId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  school: z.string(),
  /**
   * SPEC section 3: 1 Male, 2 Female. Null for a RingOfficial (decision 042): only directors,
   * whose leaderboard groups by it, receive it.
   */
  gender: z.number().int().nullable(),
  /** Age on tournament day (leaderboard groups); null for a RingOfficial, as `gender`. */
  age: z.number().int().nullable(),
  noShow: z.boolean(),
  version: z.number().int(),
});
export type SyncDivisionEntry = z.infer<typeof SyncDivisionEntrySchema>;

export const PlacingSchema = z.object({
  competitorId: z.number().int(),
  place: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});

/**
 * One event type's result of a division. Id: "divisionId:eventTypeId". `draw` is a bracket's
 * seed order (drawn when the division starts); `placings` are set when it completes and may be
 * corrected by a director afterwards (audited).
 */
export const SyncDivisionResultSchema = z.object({
  id: z.string(),
  divisionId: z.number().int(),
  eventTypeId: z.number().int(),
  draw: z.array(z.number().int()).nullable(),
  placings: z.array(PlacingSchema).nullable(),
  completedAt: z.string().nullable(),
  correctedAt: z.string().nullable(),
  correctedByName: z.string().nullable(),
  version: z.number().int(),
});
export type SyncDivisionResult = z.infer<typeof SyncDivisionResultSchema>;

/**
 * A judge's score. Id: "divisionId:eventTypeId:competitorId:judge:round" (round 0 is the main
 * round, 1 and up run-offs), so two tablets scoring the same judge write the same row: the
 * later entry (by `enteredAt`) wins.
 */
export const SyncScoreSchema = z.object({
  id: z.string(),
  divisionId: z.number().int(),
  eventTypeId: z.number().int(),
  competitorId: z.number().int(),
  judge: z.number().int(),
  round: z.number().int(),
  value: z.number(),
  enteredAt: z.string(),
  enteredBy: z.number().int().nullable(),
  enteredByName: z.string().nullable(),
  version: z.number().int(),
});
export type SyncScore = z.infer<typeof SyncScoreSchema>;

/** A bracket match's winner. Id: "divisionId:eventTypeId:matchId"; the later entry wins. */
export const SyncMatchResultSchema = z.object({
  id: z.string(),
  divisionId: z.number().int(),
  eventTypeId: z.number().int(),
  matchId: z.string(),
  winnerId: z.number().int().nullable(),
  enteredAt: z.string(),
  enteredBy: z.number().int().nullable(),
  enteredByName: z.string().nullable(),
  version: z.number().int(),
});
export type SyncMatchResult = z.infer<typeof SyncMatchResultSchema>;

export const LeaderboardGroupSchema = z.object({
  id: z.string().min(1).max(40),
  label: z.string().trim().min(1).max(60),
  minAge: z.number().int().min(0).max(120),
  maxAge: z.number().int().min(0).max(120),
  gender: z.union([z.literal(1), z.literal(2), z.null()]),
});

/** Matchday settings of the next tournament (id = its tournament id): the leaderboard's groups. */
export const SyncMatchdaySettingsSchema = z.object({
  id: z.number().int(),
  leaderboardGroups: z.array(LeaderboardGroupSchema),
  /**
   * The control room warns of a ring behind its estimates by more than this (decision 048).
   * Optional: rows a device stored before it have none (read as the default, 15).
   */
  behindWarningMinutes: z.number().int().optional(),
  version: z.number().int(),
});
export type SyncMatchdaySettings = z.infer<typeof SyncMatchdaySettingsSchema>;

export const ringsEntity = defineEntity({
  name: 'rings',
  key: 'number',
  schema: SyncRingSchema,
  scopes: ['matchday', 'signage'],
  indexes: [],
  writable: ['isOpen'],
  derived: [],
});

export const divisionsEntity = defineEntity({
  name: 'divisions',
  key: 'number',
  schema: SyncDivisionSchema,
  scopes: ['matchday', 'signage'],
  indexes: ['ringId'],
  writable: ['ringId', 'queueOrder', 'status', 'startedAt', 'completedAt'],
  derived: ['rules', 'competitorCount'],
});

export const divisionEntriesEntity = defineEntity({
  name: 'divisionEntries',
  key: 'string',
  schema: SyncDivisionEntrySchema,
  scopes: ['matchday'],
  indexes: ['divisionId', 'competitorId'],
  writable: ['noShow'],
  derived: [],
});

export const divisionResultsEntity = defineEntity({
  name: 'divisionResults',
  key: 'string',
  schema: SyncDivisionResultSchema,
  scopes: ['matchday'],
  indexes: ['divisionId'],
  writable: ['draw', 'placings', 'completedAt', 'correctedAt', 'correctedByName'],
  derived: [],
});

export const scoresEntity = defineEntity({
  name: 'scores',
  key: 'string',
  schema: SyncScoreSchema,
  scopes: ['matchday'],
  indexes: ['divisionId'],
  writable: ['value', 'enteredAt', 'enteredBy', 'enteredByName'],
  derived: [],
});

export const matchResultsEntity = defineEntity({
  name: 'matchResults',
  key: 'string',
  schema: SyncMatchResultSchema,
  scopes: ['matchday'],
  indexes: ['divisionId'],
  writable: ['winnerId', 'enteredAt', 'enteredBy', 'enteredByName'],
  derived: [],
});

export const matchdaySettingsEntity = defineEntity({
  name: 'matchdaySettings',
  key: 'number',
  schema: SyncMatchdaySettingsSchema,
  scopes: ['matchday'],
  indexes: [],
  writable: ['leaderboardGroups', 'behindWarningMinutes'],
  derived: [],
});

// ---- The registry ------------------------------------------------------------------------------

/** Every synced entity of the app, by name. Add a new one here (and see decision 011's checklist). */
export const SYNC_REGISTRY = {
  registrations: registrationsEntity,
  competitors: competitorsEntity,
  payments: paymentsEntity,
  rings: ringsEntity,
  divisions: divisionsEntity,
  divisionEntries: divisionEntriesEntity,
  divisionResults: divisionResultsEntity,
  scores: scoresEntity,
  matchResults: matchResultsEntity,
  matchdaySettings: matchdaySettingsEntity,
} as const;

/** A registry: the app's, or a test's that adds an entity of its own. */
export type SyncRegistry = Readonly<Record<string, AnyEntityDef>>;

type AppRegistry = typeof SYNC_REGISTRY;
/** Entity name -> row type: the tables a device keeps and mutators read and write. */
export type SyncEntities = {
  [K in keyof AppRegistry]: AppRegistry[K] extends EntityDef<string, infer Row> ? Row : never;
};
export type SyncEntity = keyof SyncEntities;
/** The id type of an entity's rows: numbers, but strings for payments (made by the paying side). */
export type SyncIdOf<E extends SyncEntity> = SyncEntities[E]['id'];

/** The entities a scope's patches carry, in registry order. */
export function entitiesOfScope(scope: SyncScope, registry: SyncRegistry = SYNC_REGISTRY): AnyEntityDef[] {
  return Object.values(registry).filter((e) => e.scopes.includes(scope));
}

/** The version of the device store's layout: raise it whenever an entity or its indexes change. */
export const DEVICE_STORE_VERSION = 4;

/** The Dexie store spec of the registry's entities: "id, index1, index2". */
export function deviceStores(registry: SyncRegistry = SYNC_REGISTRY): Record<string, string> {
  return Object.fromEntries(
    Object.values(registry).map((e) => [e.name, ['id', ...e.indexes, SCOPES_INDEX].join(', ')]),
  );
}

/**
 * The device field that lists the scopes holding a row: an entity carried by two scopes the
 * device holds (rings, for matchday and signage) stays until the last of them drops it.
 */
export const ROW_SCOPES = '$scopes';
const SCOPES_INDEX = `*${ROW_SCOPES}`;

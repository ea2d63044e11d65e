import { z } from 'zod';
import { ANYONE, DIRECTORS, SIGNED_IN, STAFF } from './access.ts';
import type { Role } from '../domain/roles.ts';

// The /sync contract (DESIGN.md section 4; docs/decisions/011-sync-protocol.md): a
// Replicache-style mutation log. The device pushes intents (mutations) and pulls patches of
// server-confirmed rows; the server is the authority. Both sides import these schemas.

// ---- Scopes -------------------------------------------------------------------------------

export const SYNC_SCOPES = ['checkin', 'matchday', 'signage', 'customer'] as const;
export const SyncScopeSchema = z.enum(SYNC_SCOPES);
export type SyncScope = z.infer<typeof SyncScopeSchema>;

/** Who may pull (and listen to) each scope, and push the mutators of that scope. */
export const SYNC_SCOPE_ROLES = {
  checkin: STAFF,
  matchday: DIRECTORS,
  signage: ANYONE,
  customer: SIGNED_IN,
} as const satisfies Record<SyncScope, readonly Role[]>;

// ---- Rows (what a scope's patch carries) ----------------------------------------------------

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
  /** The SPEC.md section 9 total due, at the door price for a walk-in (`registrationTotal`). */
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

/** Entity name -> row type: the tables a device keeps (Dexie) and mutators read and write. */
export interface SyncEntities {
  registrations: SyncRegistration;
  competitors: SyncCompetitor;
  payments: SyncPayment;
}
export type SyncEntity = keyof SyncEntities;
/** The id type of an entity's rows: numbers, but strings for payments (made by the paying side). */
export type SyncIdOf<E extends SyncEntity> = SyncEntities[E]['id'];
export const SYNC_ENTITIES = [
  'registrations',
  'competitors',
  'payments',
] as const satisfies readonly SyncEntity[];
export const SyncEntitySchema = z.enum(SYNC_ENTITIES);

// ---- Push ----------------------------------------------------------------------------------

/** Mutation ids start at 1 per client and rise by exactly 1. */
export const MutationSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Versioned mutator name, e.g. "checkInCompetitor@1". */
  name: z.string().min(1).max(100),
  args: z.unknown(),
});
export type Mutation = z.infer<typeof MutationSchema>;

const ClientIdSchema = z.string().min(1).max(100);
export const MAX_MUTATIONS_PER_PUSH = 1000;

export const PushRequestSchema = z.object({
  clientGroupId: ClientIdSchema,
  clientId: ClientIdSchema,
  mutations: z.array(MutationSchema).max(MAX_MUTATIONS_PER_PUSH),
});
export type PushRequest = z.infer<typeof PushRequestSchema>;

/** The outcome of one mutation processed by this push (retried, already applied ones are not listed). */
export const MutationResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(['applied', 'rejected']),
  /** Rejected: the rule's code. Applied: a note such as "already_checked_in", or null. */
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type MutationResult = z.infer<typeof MutationResultSchema>;

export const PushResponseSchema = z.object({
  /** The client's last processed mutation id after this push. */
  lastMutationId: z.number().int(),
  results: z.array(MutationResultSchema),
});
export type PushResponse = z.infer<typeof PushResponseSchema>;

// ---- Pull ----------------------------------------------------------------------------------

export const PullRequestSchema = z.object({
  clientGroupId: ClientIdSchema,
  clientId: ClientIdSchema,
  /** The cookie of the last pull of this scope, or null for a first pull (full reset). */
  cookie: z.string().max(200).nullable(),
  scope: SyncScopeSchema,
});
export type PullRequest = z.infer<typeof PullRequestSchema>;

export const PatchOpSchema = z.discriminatedUnion('op', [
  /** Drop every row of every entity of this scope (first pull, or cookie too old). */
  z.object({ op: z.literal('clear') }),
  z.object({
    op: z.literal('put'),
    entity: SyncEntitySchema,
    rows: z.array(z.record(z.string(), z.unknown())),
  }),
  // Payments are never deleted (voided instead), so `del` ids stay numbers.
  z.object({ op: z.literal('del'), entity: SyncEntitySchema, ids: z.array(z.number().int()) }),
]);
export type PatchOp =
  | { op: 'clear' }
  | { [E in SyncEntity]: { op: 'put'; entity: E; rows: SyncEntities[E][] } }[SyncEntity]
  | { op: 'del'; entity: SyncEntity; ids: number[] };

export const RejectionSchema = z.object({
  mutationId: z.number().int(),
  name: z.string(),
  code: z.string(),
  message: z.string(),
  at: z.string(),
});
export type Rejection = z.infer<typeof RejectionSchema>;

export const PullResponseSchema = z.object({
  /** Opaque: send it back with the next pull of the same scope. */
  cookie: z.string(),
  patch: z.array(PatchOpSchema),
  /** clientId -> last processed mutation id: drop outbox entries up to it. */
  lastMutationIds: z.record(z.string(), z.number().int()),
  /** This client's rejected mutations since the cookie sent (the cookie acknowledges them). */
  rejections: z.array(RejectionSchema),
});
export interface PullResponse {
  cookie: string;
  patch: PatchOp[];
  lastMutationIds: Record<string, number>;
  rejections: Rejection[];
}

// ---- Events (server-sent) -------------------------------------------------------------------

export const SyncEventsQuerySchema = z.object({
  scope: SyncScopeSchema,
  /** The access token, for EventSource (which cannot send headers); this route only. */
  token: z.string().max(4000).optional(),
});

/** Data of the `poke` event: pull the scope now. */
export const PokeSchema = z.object({ tournamentId: z.number().int(), version: z.number().int() });
export type Poke = z.infer<typeof PokeSchema>;

export const SYNC_PATHS = {
  push: '/sync/push',
  pull: '/sync/pull',
  events: '/sync/events',
} as const;
export const SYNC_POKE_EVENT = 'poke';
export const SYNC_HEARTBEAT_MS = 15_000;

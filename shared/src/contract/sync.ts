import { z } from 'zod';
import { ANYONE_ROLES, RING_ROLES, SIGNED_IN_ROLES, STAFF_ROLES, type Role } from '../domain/roles.ts';
import { machineText } from '../domain/text.ts';
import type { SyncEntities, SyncEntity, SyncIdOf } from './sync-entities.ts';

export * from './sync-entities.ts';

// The /sync contract (docs/design.md §4; docs/decisions/011-sync-protocol.md): a
// Replicache-style mutation log. The device pushes intents (mutations) and pulls patches of
// server-confirmed rows; the server is the authority. Both sides import these schemas.

// ---- Scopes -------------------------------------------------------------------------------

export const SYNC_SCOPES = ['checkin', 'matchday', 'signage', 'customer'] as const;
export const SyncScopeSchema = z.enum(SYNC_SCOPES);
export type SyncScope = z.infer<typeof SyncScopeSchema>;

/** Who may pull (and listen to) each scope, and push the mutators of that scope. */
export const SYNC_SCOPE_ROLES = {
  checkin: STAFF_ROLES,
  // Ring officials and directors (decision 042); the set-up mutators narrow it to directors.
  matchday: RING_ROLES,
  signage: ANYONE_ROLES,
  customer: SIGNED_IN_ROLES,
} as const satisfies Record<SyncScope, readonly Role[]>;

// ---- Push ----------------------------------------------------------------------------------

/** Mutation ids start at 1 per client and rise by exactly 1. */
export const MutationSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Versioned mutator name, e.g. "checkInCompetitor@1". */
  name: machineText(100).min(1),
  args: z.unknown(),
});
const ClientIdSchema = machineText(100).min(1);
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
  cookie: machineText(200).nullable(),
  scope: SyncScopeSchema,
  /**
   * The device's heartbeat (docs/decisions/048-control-room.md), optional so an older app's pulls
   * stay valid: how many changes its outbox still holds unsent, and the ring it runs (its lock
   * or its choice on the matchday screen; null for none).
   */
  outboxDepth: z.number().int().min(0).max(1_000_000).optional(),
  ringId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type PullRequest = z.infer<typeof PullRequestSchema>;

/** A device as its last contact reported it; in a director's matchday pulls only. */
export const SyncDeviceSchema = z.object({
  id: z.number().int(),
  ringId: z.number().int().nullable(),
  /** Who is signed in on it. */
  personName: z.string(),
  /** ISO 8601, by the server's clock. */
  lastHeardAt: z.string(),
  outboxDepth: z.number().int(),
});
export type SyncDevice = z.infer<typeof SyncDeviceSchema>;

/**
 * Entity names are those of the entity registry (sync-entities.ts); the schema takes any name
 * so a device meets an entity it does not know yet (a newer server) by ignoring it.
 */
const EntityNameSchema = z.string().min(1).max(100);
export const PatchOpSchema = z.discriminatedUnion('op', [
  /** Drop every row this scope put on the device (first pull, or cookie too old). */
  z.object({ op: z.literal('clear') }),
  z.object({
    op: z.literal('put'),
    entity: EntityNameSchema,
    rows: z.array(z.record(z.string(), z.unknown())),
  }),
  /** Rows deleted on the server (tombstones), by key: numbers, or strings for string-keyed entities. */
  z.object({ op: z.literal('del'), entity: EntityNameSchema, ids: z.array(z.union([z.number().int(), z.string()])) }),
]);
export type PatchOp =
  | { op: 'clear' }
  | { [E in SyncEntity]: { op: 'put'; entity: E; rows: SyncEntities[E][] } }[SyncEntity]
  | { [E in SyncEntity]: { op: 'del'; entity: E; ids: SyncIdOf<E>[] } }[SyncEntity];

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
  /**
   * Every device heard from for this tournament, in full each time (not versioned: a pull
   * writes it). A director's matchday pull only; absent otherwise.
   */
  devices: z.array(SyncDeviceSchema).optional(),
});
export interface PullResponse {
  cookie: string;
  patch: PatchOp[];
  lastMutationIds: Record<string, number>;
  rejections: Rejection[];
  devices?: SyncDevice[];
}

// ---- Events (server-sent) -------------------------------------------------------------------

export const SyncEventsQuerySchema = z.object({
  scope: SyncScopeSchema,
  /**
   * A ticket for this scope (POST /sync/events/ticket), for EventSource, which cannot send
   * headers; never the access token itself. Scopes open to visitors need none.
   */
  ticket: machineText(2000).optional(),
});

export const EventTicketRequestSchema = z.object({ scope: SyncScopeSchema });
export const EventTicketResponseSchema = z.object({
  ticket: z.string(),
  /** Seconds to open the stream with it. */
  expiresIn: z.number().int(),
});

/**
 * Data of the `poke` event: pull the scope now. `scopes` names the scopes whose rows changed
 * (a stream of another scope is not poked); absent, every scope of the tournament.
 */
export const PokeSchema = z.object({
  tournamentId: z.number().int(),
  version: z.number().int(),
  scopes: z.array(SyncScopeSchema).optional(),
});
export type Poke = z.infer<typeof PokeSchema>;

export const SYNC_PATHS = {
  push: '/sync/push',
  pull: '/sync/pull',
  events: '/sync/events',
  eventTicket: '/sync/events/ticket',
} as const;
export const SYNC_POKE_EVENT = 'poke';
export const SYNC_HEARTBEAT_MS = 15_000;

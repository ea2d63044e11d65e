import { msg } from '../../i18n/message-ref.ts';
import type { z } from 'zod';
import { SYNC_SCOPE_ROLES } from '../../contract/sync.ts';
import type {
  SyncCompetitor,
  SyncEntities,
  SyncEntity,
  SyncIdOf,
  SyncPayment,
  SyncRegistration,
  SyncScope,
} from '../../contract/sync.ts';
import { DomainError } from '../domain-error.ts';
import type { Role } from '../roles.ts';
import type { WalkInArgs } from '../door.ts';
import type { TournamentWindow } from '../tournament-window.ts';

// What a mutator runs against (docs/design.md §4, docs/style.md "Rules once, in shared/"): the
// same pure function runs optimistically on the device over Dexie and again on the server,
// the authority, over the database. Each side supplies a `MutatorStore`.

export interface MutatorStore {
  get<E extends SyncEntity>(entity: E, id: SyncIdOf<E>): Promise<SyncEntities[E] | undefined>;
  /**
   * Writes a whole existing row (read with `get`/`list`, changed, put back). Derived values
   * (a registration's balance, amount paid) may be changed for the device's view; the server
   * recomputes them and ignores the change.
   */
  put<E extends SyncEntity>(entity: E, row: SyncEntities[E]): Promise<void>;
  /** Rows whose fields equal every field of `filter`. */
  list<E extends SyncEntity>(entity: E, filter: Partial<SyncEntities[E]>): Promise<SyncEntities[E][]>;
  /**
   * Adds a new row; false (and nothing written) when a row with its id exists. On the server,
   * the entity's row reader writes it: recording a payment also completes its registration if
   * incomplete and issues a receipt, in the same transaction.
   */
  insert<E extends SyncEntity>(entity: E, row: SyncEntities[E]): Promise<boolean>;
  /**
   * A walk-in's registration and competitors. The device adds `provisional` as they are
   * (negative ids); the server creates the real records from `walkIn` (owner, registration
   * at the door price, competitors with their events, contact, and `payment` with its
   * receipt, or a "pay at the door" receipt without one) and answers their ids; a walkInId
   * registered before answers the existing ids with `created: false`.
   */
  createWalkIn(
    walkIn: WalkInRecord,
  ): Promise<{ registrationId: number; competitorIds: number[]; created: boolean }>;
}

/** What `createWalkIn` gets: the arguments, the rows the device shows until the server's arrive. */
export interface WalkInRecord {
  args: WalkInArgs;
  provisional: { registration: SyncRegistration; competitors: SyncCompetitor[]; payment: SyncPayment | null };
}

export interface MutatorContext {
  /** Device time on the device, server time on the server. */
  now: Date;
  /** Who acts: the signed-in user. */
  actor: { personId: number; displayName: string };
  side: 'device' | 'server';
  /**
   * The dates of the tournament the rows belong to, when known: a payment or check-in the
   * device dates outside them is refused (tournament-window.ts). The server always knows them;
   * a device, from the tournament list it keeps.
   */
  window?: TournamentWindow | undefined;
}

/** What a mutator declares (`defineMutator`); `Mutator` adds how to run it from raw arguments. */
export interface MutatorSpec<A extends z.ZodType, R> {
  /** Versioned name: "checkInCompetitor@1". A new meaning gets a new version. */
  name: string;
  /** What the screen calls a refusal of it: "Payment not recorded". */
  refusedTitle: string;
  /**
   * A note for an applied mutation that changed nothing, kept with its result and shown to
   * the tablet that sent it ("Already checked in by Dana Door."); null when there is none.
   */
  note?(result: R): { code: string; message: string } | null;
  /**
   * What one of it is called once the server accepted it, singular and plural, for the
   * device's "3 check-ins sent" after reconnecting; "change(s)" when not set.
   */
  sentAs?: { one: string; other: string };
  /** The scope whose roles may push it (SYNC_SCOPE_ROLES). */
  scope: SyncScope;
  /**
   * Narrower than the scope's roles when set: only these may push it (a push containing it
   * from anyone else is refused whole, 403). The device hides what the user may not do.
   */
  roles?: readonly Role[];
  args: A;
  run(store: MutatorStore, args: z.output<A>, ctx: MutatorContext): Promise<R>;
}

/**
 * A mutator as the registry and the sync engine hold it: `apply` validates raw arguments (an
 * outbox entry, a pushed mutation) against its schema and runs it, so neither side needs to
 * know its argument type.
 */
export interface Mutator<A extends z.ZodType = z.ZodType, R = unknown> extends MutatorSpec<A, R> {
  apply(store: MutatorStore, rawArgs: unknown, ctx: MutatorContext): Promise<R>;
}

export const MUTATION_ERRORS = {
  unknownMutator: (name: string) => msg('mutation.unknown', { name }),
  invalidArgs: msg('mutation.invalidArgs'),
  /** The server's database refused one of its values (a rule the arguments' schema lacks). */
  refusedByDatabase: msg('mutation.refusedByDatabase'),
} as const;

export function defineMutator<A extends z.ZodType, R>(spec: MutatorSpec<A, R>): Mutator<A, R> {
  return {
    ...spec,
    async apply(store, rawArgs, ctx) {
      const parsed = spec.args.safeParse(rawArgs);
      if (!parsed.success) {
        // The first problem, in the schema's own words, so staff see what to fix.
        const issue = parsed.error.issues[0];
        // The schema's message may be a reference (decision 037): the whole text is one then.
        const problem = issue?.message ?? '';
        const field = issue && issue.path.length > 0 ? issue.path.join('.') : '';
        throw new DomainError(
          'invalid_args',
          !issue
            ? MUTATION_ERRORS.invalidArgs
            : field
              ? msg('server.invalidArgsField', { field, problem })
              : msg('server.invalidArgsProblem', { problem }),
        );
      }
      return spec.run(store, parsed.data, ctx);
    },
  };
}

/** The arguments a caller passes to `mutate(m, args)`: the schema's input type. */
export type MutatorArgs<M> = M extends MutatorSpec<infer A, unknown> ? z.input<A> : never;

/**
 * Whether a signed-in user with `roles` may push mutator `m`: a role of its scope
 * (SYNC_SCOPE_ROLES) and, when the mutator lists its own `roles`, one of those too.
 */
export function mayPushMutator(
  m: Pick<MutatorSpec<z.ZodType, unknown>, 'scope' | 'roles'>,
  roles: readonly string[],
): boolean {
  const scope: readonly string[] = SYNC_SCOPE_ROLES[m.scope];
  const inScope = scope.includes('Unauthenticated') || roles.some((r) => scope.includes(r));
  const own: readonly string[] | undefined = m.roles;
  return inScope && (!own || roles.some((r) => own.includes(r)));
}

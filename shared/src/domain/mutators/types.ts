import type { z } from 'zod';
import type { SyncEntities, SyncEntity, SyncScope } from '../../contract/sync.ts';

// What a mutator runs against (DESIGN.md section 4, STYLE.md "Rules once, in shared/"): the
// same pure function runs optimistically on the device over Dexie and again on the server,
// the authority, over the database. Each side supplies a `MutatorStore`.

export interface MutatorStore {
  get<E extends SyncEntity>(entity: E, id: number): Promise<SyncEntities[E] | undefined>;
  /** Writes a whole row (read with `get`/`list`, changed, put back). */
  put<E extends SyncEntity>(entity: E, row: SyncEntities[E]): Promise<void>;
  /** Rows whose fields equal every field of `filter`. */
  list<E extends SyncEntity>(entity: E, filter: Partial<SyncEntities[E]>): Promise<SyncEntities[E][]>;
}

export interface MutatorContext {
  /** Device time on the device, server time on the server. */
  now: Date;
  /** Who acts: the signed-in user. */
  actor: { personId: number; displayName: string };
  side: 'device' | 'server';
}

/** A rule refused the mutation: the server records it as rejected with this code and message. */
export class MutationError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'MutationError';
  }
}

export interface Mutator<A extends z.ZodType = z.ZodType, R = unknown> {
  /** Versioned name: "checkInCompetitor@1". A new meaning gets a new version. */
  name: string;
  /** The scope whose roles may push it (SYNC_SCOPE_ROLES). */
  scope: SyncScope;
  args: A;
  run(store: MutatorStore, args: z.infer<A>, ctx: MutatorContext): Promise<R>;
}

export function defineMutator<A extends z.ZodType, R>(m: Mutator<A, R>): Mutator<A, R> {
  return m;
}

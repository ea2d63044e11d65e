import { and, count, eq, gt, sql } from 'drizzle-orm';
import {
  findMutator,
  MUTATION_ERRORS,
  runMutation,
  SYNC_REGISTRY,
  type MutationResult,
  type MutatorContext,
  type SyncRegistry,
  type SyncScope,
  type PushRequest,
  type PushResponse,
  msg,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import { isRefusedData } from '../db/data-errors.ts';
import { syncClients, syncMutationResults } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { CACHE_CHANNEL } from '../lib/cache.ts';
import { matchdayReadKeys } from '../services/matchday-public.ts';
import { afterMatchdayPush } from '../services/notices.ts';
import { getSiteSettings } from '../services/site-settings.ts';
import { getNextTournament } from '../services/tournaments.ts';
import { assertScopeRole } from './scope.ts';
import { createServerStore } from './server-store.ts';
import { SYNC_POKE_CHANNEL } from './versions.ts';

// POST /sync/push (docs/design.md §4; docs/decisions/012-push-batching.md): mutations in id
// order, in chunks of up to PUSH_CHUNK per transaction under the client row's lock, each
// mutation of a longer chunk in a savepoint of its own: ids already processed are skipped (a
// retried push is harmless), a gap stops the push (nothing after it applies), a refused rule (or
// a value the database refuses) rolls back its savepoint and is recorded as rejected, still
// advancing the client's last mutation id. A chunk of one mutation (most pushes) takes no
// savepoint: a refusal rolls its transaction back and a second one records the refusal. The
// results and the new last mutation id are written with the chunk's effects, so a chunk commits
// whole or not at all. Pokes go out after commit.

export const PUSH_MESSAGES = {
  clientOfAnotherUser: msg('sync.clientOfAnotherUser'),
  clientGroupMismatch: msg('sync.clientGroupMismatch'),
  tooManyDevices: msg('sync.tooManyDevices'),
} as const;

/** New device ids one account may register in a day (a tablet gets a new one after each logout). */
export const MAX_NEW_CLIENTS_PER_DAY = 50;
/**
 * Results kept per device for mutations of unknown names: past this many, they are still
 * answered and counted as processed, but not stored (a script pushing junk fills nothing).
 */
export const MAX_UNKNOWN_RESULTS_PER_CLIENT = 20;

/**
 * Mutations per transaction. One commit per chunk instead of one per mutation is what makes a
 * long outbox drain fast; the bound keeps the tournament's version counter (locked from a
 * chunk's first write to its commit) from being held long by one device.
 */
export const PUSH_CHUNK = 100;

/** An applied mutation that changed nothing says why, as its mutator declares (the second tablet learns who was first). */
function noteOf(name: string, value: unknown): { code: string | null; message: string | null } {
  return findMutator(name)?.note?.(value) ?? { code: null, message: null };
}

export async function push(deps: Deps, caller: Caller, req: PushRequest): Promise<PushResponse> {
  // Roles first, for the whole push: a caller who may not push a mutator gets 403 and nothing applies.
  for (const m of req.mutations) {
    const mutator = findMutator(m.name);
    if (mutator) assertScopeRole(caller, mutator.scope, mutator.roles);
  }
  const db = deps.database.db;
  const lockRows = deps.database.kind === 'postgres';
  const tournament = await getNextTournament(deps);
  const results: MutationResult[] = [];
  let lastMutationId = 0;
  const changed = new Set<string>();
  const ctx: MutatorContext = {
    now: deps.now(),
    actor: { personId: caller.personId, displayName: caller.displayName },
    side: 'server',
    // The next tournament's dates: a payment or check-in dated outside them is refused.
    window: tournament
      ? {
          registrationOpensOn: tournament.registrationOpensOn,
          tournamentDate: tournament.tournamentDate,
          timeZone: (await getSiteSettings(deps)).timeZone,
        }
      : undefined,
  };
  /**
   * One chunk in one transaction, under the client row's lock (registered first when new).
   * `rejected` holds the answer of a lone mutation whose rule refused it on an earlier try: that
   * try was rolled back whole, and this one records the refusal without running it again.
   */
  const runChunk = (chunk: PushRequest['mutations'], rejected?: MutationResult) =>
    db.transaction(async (tx) => {
      const row = await lockedClient(tx, deps, caller, req);
      if (row.clientGroupId !== req.clientGroupId) {
        throw new DomainError('client_group_mismatch', PUSH_MESSAGES.clientGroupMismatch, 400);
      }
      let last = row.lastMutationId;
      let gap = false;
      const processed: MutationResult[] = [];
      // A savepoint per mutation costs a round trip each; a chunk of one needs none, since
      // rolling back the whole transaction undoes the same writes.
      const alone = chunk.length === 1;
      for (const m of chunk) {
        if (m.id <= last) continue; // Processed by an earlier push (a retry, or a lost answer).
        if (m.id > last + 1) {
          gap = true; // Nothing after a gap applies.
          break;
        }
        if (rejected?.id === m.id) {
          processed.push(rejected);
        } else {
          try {
            const apply = async (on: Tx) => {
              const store = createServerStore(on, tournament, ctx.now, lockRows, undefined, ctx.actor);
              const v = await runMutation(store, m.name, m.args, ctx);
              return { v, wrote: store.wroteEntities };
            };
            // A savepoint: a rule refusing half-way leaves no partial write.
            const { v, wrote } = alone ? await apply(tx) : await tx.transaction(apply);
            for (const e of wrote) changed.add(e);
            processed.push({ id: m.id, status: 'applied', ...noteOf(m.name, v) });
          } catch (e) {
            const refusal = refusalOf(e, m.name);
            if (!refusal) throw e;
            if (alone) throw new RolledBack({ id: m.id, ...refusal });
            processed.push({ id: m.id, ...refusal });
          }
        }
        last = m.id;
      }
      if (processed.length > 0) {
        const names = new Map(chunk.map((m) => [m.id, m.name]));
        const kept = await withoutExcessUnknown(tx, req.clientId, processed);
        const advance = { lastMutationId: last, updatedAt: ctx.now };
        const byClient = eq(syncClients.clientId, req.clientId);
        if (kept.length === 0) {
          await tx.update(syncClients).set(advance).where(byClient);
        } else {
          // The results and the client's last id in one statement (a round trip fewer per push):
          // PostgreSQL runs a data-modifying WITH whether or not the statement reads it.
          const stored = tx.$with('stored').as(
            tx.insert(syncMutationResults).values(
              kept.map((r) => ({
                clientId: req.clientId,
                mutationId: r.id,
                name: names.get(r.id) ?? '',
                status: r.status,
                code: r.code,
                message: r.message,
                at: ctx.now,
              })),
            ),
          );
          await tx.with(stored).update(syncClients).set(advance).where(byClient);
        }
      }
      return { last, processed, gap };
    });

  try {
    const sorted = [...req.mutations].sort((a, b) => a.id - b.id);
    // An empty push still registers the device and answers its last mutation id.
    for (let from = 0; from === 0 || from < sorted.length; from += PUSH_CHUNK) {
      const chunk = sorted.slice(from, from + PUSH_CHUNK);
      let step: Awaited<ReturnType<typeof runChunk>>;
      try {
        step = await runChunk(chunk);
      } catch (e) {
        if (!(e instanceof RolledBack)) throw e;
        // Its writes (and any changed entities it noted) were rolled back with it.
        step = await runChunk(chunk, e.result);
      }
      lastMutationId = step.last;
      results.push(...step.processed);
      if (step.gap) break;
    }
  } finally {
    if (changed.size > 0 && tournament) await poke(deps, tournament.id, scopesOfEntities(changed));
    // Decision 026: a start, completion, reorder or assignment may put a division up soon, and a
    // completion or a correction has results to tell. After commit, never failing the push nor
    // holding its answer (the minute sweep catches what this misses).
    if (tournament && (changed.has('divisions') || changed.has('rings') || changed.has('divisionResults')))
      void afterMatchdayPush(deps, tournament);
  }
  return { lastMutationId, results };
}

/** A lone mutation's refusal, carried out of its rolled-back transaction to be recorded. */
class RolledBack extends Error {
  constructor(readonly result: MutationResult) {
    super('a lone mutation was refused');
  }
}

/**
 * The answer recorded for a mutation that threw `e`: a rule's refusal, or a value the database
 * refused (a rule its schema lacks), rejected alone as bad arguments are, so the outbox behind it
 * still drains. Undefined for anything else: an outage or a server fault fails the push.
 */
function refusalOf(e: unknown, name: string): Omit<MutationResult, 'id'> | undefined {
  if (e instanceof DomainError) return { status: 'rejected', code: e.code, message: e.message };
  if (!isRefusedData(e)) return undefined;
  logger.warn({ err: e, mutation: name }, 'sync push: the database refused a mutation');
  return { status: 'rejected', code: 'invalid_args', message: MUTATION_ERRORS.refusedByDatabase };
}

/**
 * The pushing device's row, locked to the end of the transaction: registered on its first push
 * (429 past MAX_NEW_CLIENTS_PER_DAY new device ids in a day), 403 when another person's device
 * already uses its id. A known device costs one statement.
 */
async function lockedClient(
  tx: Tx,
  deps: Deps,
  caller: Caller,
  req: PushRequest,
): Promise<typeof syncClients.$inferSelect> {
  const locked = () =>
    tx.select().from(syncClients).where(eq(syncClients.clientId, req.clientId)).for('update');
  let [row] = await locked();
  if (!row) {
    const since = new Date(deps.now().getTime() - 24 * 60 * 60 * 1000);
    const [made] = await tx
      .select({ n: count() })
      .from(syncClients)
      .where(and(eq(syncClients.userId, caller.personId), gt(syncClients.createdAt, since)));
    if ((made?.n ?? 0) >= MAX_NEW_CLIENTS_PER_DAY)
      throw new DomainError('too_many_devices', PUSH_MESSAGES.tooManyDevices, 429);
    // The row this transaction inserts is its own until commit; only when another push of the
    // same device id inserted it first is it read (and waited for) again.
    [row] = await tx
      .insert(syncClients)
      .values({
        clientId: req.clientId,
        clientGroupId: req.clientGroupId,
        userId: caller.personId,
        updatedAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) [row] = await locked();
  }
  if (!row || row.userId !== caller.personId)
    throw new DomainError('forbidden', PUSH_MESSAGES.clientOfAnotherUser, 403);
  return row;
}

/** The results to store: those of unknown mutation names only up to the device's allowance. */
async function withoutExcessUnknown(
  tx: Tx,
  clientId: string,
  results: MutationResult[],
): Promise<MutationResult[]> {
  if (!results.some((r) => r.code === 'unknown_mutator')) return results;
  const [row] = await tx
    .select({ n: count() })
    .from(syncMutationResults)
    .where(and(eq(syncMutationResults.clientId, clientId), eq(syncMutationResults.code, 'unknown_mutator')));
  let room = MAX_UNKNOWN_RESULTS_PER_CLIENT - (row?.n ?? 0);
  return results.filter((r) => r.code !== 'unknown_mutator' || room-- > 0);
}

/** The scopes whose patches carry any of these entities: only their listeners are poked. */
export function scopesOfEntities(
  entities: Iterable<string>,
  registry: SyncRegistry = SYNC_REGISTRY,
): SyncScope[] {
  const scopes = new Set<SyncScope>();
  for (const name of entities) for (const s of registry[name]?.scopes ?? []) scopes.add(s);
  return [...scopes];
}

/**
 * NOTIFY every server process on this PostgreSQL (and this one) that the tournament moved for
 * these scopes (every scope when none are named).
 */
export async function poke(deps: Deps, tournamentId: number, scopes?: readonly SyncScope[]): Promise<void> {
  try {
    // The public signage and results reads are cached: whatever pokes the rings' scopes drops
    // them, here at once and on the other servers through the same statement as the poke.
    const dropped =
      !scopes || scopes.includes('matchday') || scopes.includes('signage')
        ? matchdayReadKeys(tournamentId)
        : [];
    for (const key of dropped) deps.cache.drop(key);
    // One round trip: the drops, then the poke with the committed version it reads. A
    // transaction's notifications arrive in the order they were sent, so a server has dropped
    // its cached reads before its devices hear of the change.
    const extra = JSON.stringify(scopes ? { scopes: [...scopes] } : {});
    const notices = [
      ...dropped.map((key) => sql`pg_notify(${CACHE_CHANNEL}, ${key})`),
      sql`pg_notify(${SYNC_POKE_CHANNEL}, (jsonb_build_object(
        'tournamentId', ${tournamentId}::integer,
        'version', coalesce((select version from tournament_versions where tournament_id = ${tournamentId}::integer), 0)
      ) || ${extra}::jsonb)::text)`,
    ];
    await deps.database.db.execute(sql`select ${sql.join(notices, sql`, `)}`);
  } catch (err) {
    // The change is committed; a lost poke only delays other devices until their next pull.
    logger.warn({ err }, 'sync poke failed');
  }
}

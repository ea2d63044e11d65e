import { and, eq, lt, sql } from 'drizzle-orm';
import { logger } from '../lib/logger.ts';
import type { Db, Tx } from '../db/client.ts';
import { syncTombstones, tournamentVersions } from '../db/schema.ts';

// The per-tournament change counter (0005_sync.sql; docs/decisions/011-sync-protocol.md).
// Triggers mark every synced row written, from any code path, and stamp it with the
// transaction's version at commit (0026; docs/decisions/055-commit-time-sync-versions.md);
// these helpers are for code that needs the version itself before commit.

/** The NOTIFY channel of pokes; payload `{"tournamentId":1,"version":42}`. */
export const SYNC_POKE_CHANNEL = 'sync_poke';

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/**
 * The version of `tournamentId` for this transaction: the counter's next value, taken once per
 * transaction (later calls and the stamps at commit answer the same). Locks the counter row from
 * now to commit, as every write did before decision 055: for rare jobs only, not the push path.
 */
export async function bumpVersion(tx: Tx, tournamentId: number): Promise<number> {
  const [row] = rowsOf(await tx.execute(sql`select sync_bump_version(${tournamentId}::integer) as v`));
  return Number(row?.v);
}

/** Stamps one row of a synced table with this transaction's version of its tournament. */
export async function stampRow(
  tx: Tx,
  table: 'competitors' | 'registrations',
  id: number,
  tournamentId: number,
): Promise<number> {
  const version = await bumpVersion(tx, tournamentId);
  await tx.execute(sql`update ${sql.identifier(table)} set version = ${version} where id = ${id}`);
  return version;
}

/** The committed version of a tournament (0 before its first change) and how far tombstones were pruned. */
export async function readVersion(
  db: Db | Tx,
  tournamentId: number,
): Promise<{ version: number; prunedThrough: number }> {
  const [row] = await db
    .select()
    .from(tournamentVersions)
    .where(eq(tournamentVersions.tournamentId, tournamentId));
  return { version: row?.version ?? 0, prunedThrough: row?.prunedThrough ?? 0 };
}

/**
 * Deletes tombstones older than `before`; a cookie older than the newest pruned one then gets
 * a full reset (it may have missed those deletions).
 */
export async function pruneTombstones(db: Db, tournamentId: number, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const pruned = await tx
      .delete(syncTombstones)
      .where(and(eq(syncTombstones.tournamentId, tournamentId), lt(syncTombstones.deletedAt, before)))
      .returning({ version: syncTombstones.version });
    if (pruned.length === 0) return 0;
    const through = Math.max(...pruned.map((p) => p.version));
    await tx
      .insert(tournamentVersions)
      .values({ tournamentId, version: through, prunedThrough: through })
      .onConflictDoUpdate({
        target: tournamentVersions.tournamentId,
        set: { prunedThrough: sql`greatest(${tournamentVersions.prunedThrough}, ${through})` },
      });
    return pruned.length;
  });
}

/** How long a deletion stays answerable incrementally; an older cookie gets a full reset. */
export const TOMBSTONE_RETENTION_DAYS = 30;
/** How often the server prunes (and once at start). */
export const TOMBSTONE_PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Prunes the tombstones of every tournament deleted before `before`; answers how many went. */
export async function pruneAllTombstones(db: Db, before: Date): Promise<number> {
  const tournaments = await db
    .selectDistinct({ id: syncTombstones.tournamentId })
    .from(syncTombstones)
    .where(lt(syncTombstones.deletedAt, before));
  let pruned = 0;
  for (const t of tournaments) pruned += await pruneTombstones(db, t.id, before);
  return pruned;
}

export interface TombstonePruner {
  /** One pruning now (also what the timer runs); resolves with how many tombstones went. */
  runOnce(): Promise<number>;
  /** No more runs; resolves once a run in flight has finished (graceful shutdown, before the database closes). */
  stop(): Promise<void>;
}

/**
 * Prunes tombstones older than `retentionDays` at start and every `everyMs`. Several server
 * processes on one PostgreSQL may each run it: pruning twice deletes nothing more.
 */
export function startTombstonePruning(
  deps: { database: { db: Db }; now: () => Date },
  opts: { retentionDays?: number; everyMs?: number } = {},
): TombstonePruner {
  const retentionMs = (opts.retentionDays ?? TOMBSTONE_RETENTION_DAYS) * 24 * 60 * 60 * 1000;
  let inFlight: Promise<number> | undefined;
  let stopped = false;
  const runOnce = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    inFlight ??= pruneAllTombstones(deps.database.db, new Date(deps.now().getTime() - retentionMs))
      .then((n) => {
        if (n > 0) logger.info({ pruned: n }, 'pruned sync tombstones');
        return n;
      })
      .catch((err: unknown) => {
        logger.warn({ err }, 'pruning sync tombstones failed');
        return 0;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  const timer = setInterval(() => void runOnce(), opts.everyMs ?? TOMBSTONE_PRUNE_EVERY_MS);
  timer.unref();
  void runOnce();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { syncTombstones, tournamentVersions } from '../db/schema.ts';

// The per-tournament change counter (0005_sync.sql; docs/decisions/011-sync-protocol.md).
// Triggers stamp `competitors` and `registrations` (and touch a registration when its
// payments or receipts change) on every write, from any code path; these helpers are for
// code that needs the version itself, or syncs a table without such a trigger.

/** The NOTIFY channel of pokes; payload `{"tournamentId":1,"version":42}`. */
export const SYNC_POKE_CHANNEL = 'sync_poke';

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/**
 * The version of `tournamentId` for this transaction: the counter's next value, taken once per
 * transaction (later calls and the triggers answer the same). Locks the counter row to commit.
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

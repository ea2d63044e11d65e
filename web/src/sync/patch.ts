import { ROW_SCOPES, type SyncRegistry } from '@shared/contract/sync-entities.ts';
import type { SyncScope } from '@shared/contract/sync.ts';
import type { PatchOp } from '@shared/contract/sync.ts';
import type { DeviceDb } from './db.ts';

// Applying a scope's pull patch to the device's confirmed rows (docs/design.md §4), driven by
// the entity registry. A device may hold several scopes whose patches carry the same entity
// (rings for matchday and signage): each row lists the scopes that hold it (`$scopes`), so a
// scope's `clear` or `del` drops a row only when no other scope still holds it.

type Row = { id: number | string; [ROW_SCOPES]?: SyncScope[] };

/** What a patch changed: per entity, the rows written and the ids deleted (the replica applies the same). */
export interface PatchResult {
  puts: Map<string, Row[]>;
  dels: Map<string, (number | string)[]>;
}

const scopesOf = (row: Row | undefined): SyncScope[] => row?.[ROW_SCOPES] ?? [];

/**
 * Applies `patch` of `scope` to the entity tables inside the caller's transaction (which must
 * include them); answers what changed. Entities the registry does not know (a newer server) are
 * ignored.
 */
export async function applyPatch(
  db: DeviceDb,
  scope: SyncScope,
  patch: readonly PatchOp[],
  /** Every scope the device holds: rows another of them carries keep its tag. */
  held: readonly SyncScope[] = [scope],
  registry: SyncRegistry = db.registry,
): Promise<PatchResult> {
  const puts = new Map<string, Map<number | string, Row>>();
  const dels = new Map<string, Set<number | string>>();
  const put = (entity: string, row: Row) => {
    dels.get(entity)?.delete(row.id);
    if (!puts.has(entity)) puts.set(entity, new Map());
    puts.get(entity)!.set(row.id, row);
  };
  const del = (entity: string, id: number | string) => {
    puts.get(entity)?.delete(id);
    if (!dels.has(entity)) dels.set(entity, new Set());
    dels.get(entity)!.add(id);
  };
  // Drops `scope` from rows; deletes those no scope holds any more.
  const release = (entity: string, rows: Row[]) => {
    for (const row of rows) {
      const left = scopesOf(row).filter((s) => s !== scope);
      if (left.length === 0) del(entity, row.id);
      else put(entity, { ...row, [ROW_SCOPES]: left });
    }
  };

  for (const op of patch) {
    if (op.op === 'clear') {
      for (const e of Object.values(registry)) {
        if (!e.scopes.includes(scope)) continue;
        const table = db.entity(e.name);
        const held = (await table.where(ROW_SCOPES).equals(scope).toArray()) as Row[];
        // Rows written earlier in this patch count as they are now.
        const current = held.map((r) => puts.get(e.name)?.get(r.id) ?? r);
        for (const r of puts.get(e.name)?.values() ?? []) {
          if (scopesOf(r).includes(scope) && !held.some((h) => h.id === r.id)) current.push(r);
        }
        release(e.name, current);
      }
    } else if (op.op === 'put') {
      const def = registry[op.entity];
      if (!def) continue;
      const table = db.entity(op.entity);
      const rows = op.rows as Row[];
      // Another scope the device holds may hold some of these rows: keep its tag. Only reads when it could.
      const shared = def.scopes.some((s) => s !== scope && held.includes(s));
      const before = shared ? ((await table.bulkGet(rows.map((r) => r.id))) as (Row | undefined)[]) : [];
      rows.forEach((r, i) => {
        const was = puts.get(op.entity)?.get(r.id) ?? before[i];
        const scopes = scopesOf(was).includes(scope) ? scopesOf(was) : [...scopesOf(was), scope];
        put(op.entity, { ...r, [ROW_SCOPES]: scopes });
      });
    } else {
      const def = registry[op.entity];
      if (!def) continue;
      const table = db.entity(op.entity);
      const ids = op.ids as (number | string)[];
      const found = (await table.bulkGet(ids)).map((r, i) => puts.get(op.entity)?.get(ids[i]!) ?? r);
      release(
        op.entity,
        found.filter((r): r is Row => r !== undefined),
      );
      // Rows without tombstones of their own go with their parent (payments with their registration).
      for (const child of Object.values(registry)) {
        if (child.deletedWith?.entity !== op.entity) continue;
        const orphans = (await db
          .entity(child.name)
          .where(child.deletedWith.field)
          .anyOf(ids)
          .toArray()) as Row[];
        for (const o of orphans) del(child.name, o.id);
      }
    }
  }

  const result: PatchResult = { puts: new Map(), dels: new Map() };
  for (const [entity, rows] of puts) {
    if (rows.size === 0) continue;
    const list = [...rows.values()];
    await db.entity(entity).bulkPut(list);
    result.puts.set(entity, list);
  }
  for (const [entity, ids] of dels) {
    if (ids.size === 0) continue;
    const list = [...ids];
    await db.entity(entity).bulkDelete(list);
    result.dels.set(entity, list);
  }
  return result;
}

import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { msg, type AuditEntity } from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import type { Caller } from '../deps.ts';
import { DomainError } from '../lib/errors.ts';
import { writeAudit } from './audit.ts';

export const REORDER_MESSAGE = msg('server.reorder');

/** The refusal of an order that does not name each row of its list exactly once. */
export const badOrder = () => new DomainError('bad_order', REORDER_MESSAGE, 400, { ids: REORDER_MESSAGE });

/**
 * Checks that `ids` is a permutation of `current` (so a stale page cannot drop or invent
 * items) and answers each id's new 1-based sort order.
 */
export function newOrder(current: readonly number[], ids: readonly number[]): Map<number, number> {
  const same =
    ids.length === current.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => current.includes(id));
  if (!same) throw badOrder();
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** A settings table whose rows an admin puts in order (decision 007): an id and a sort order. */
type OrderedTable = PgTable & { id: PgColumn; sortOrder: PgColumn };

/** One reorderable list: its table, its audit name and, for a list inside a parent, its rows. */
export interface OrderedList {
  table: OrderedTable;
  entity: AuditEntity;
  /** The rows of this list when the table holds several (one tournament's events). */
  where?: SQL;
}

/**
 * Puts every row of `list` in the order of `ids`, inside the caller's transaction, with one
 * audit entry (before and after as id lists). `ids` must name each row of the list exactly
 * once: a missing id, a duplicate or an id of another list is refused with 400 before
 * anything is written (docs/product.md §8). Every reorderable settings list goes through here.
 */
export async function reorderList(
  tx: Tx,
  caller: Caller,
  now: Date,
  list: OrderedList,
  ids: readonly number[],
): Promise<void> {
  const { table } = list;
  const current = (
    await tx
      .select({ id: table.id })
      .from(table)
      .where(list.where)
      .orderBy(asc(table.sortOrder), asc(table.id))
  ).map((r) => r.id as number);
  const order = newOrder(current, ids);
  // One statement rather than one per row: a CASE over the ids, each cast so PostgreSQL and
  // PGlite type the parameters alike.
  const cases = sql.join(
    [...order].map(([id, position]) => sql`when ${id}::integer then ${position}::integer`),
    sql` `,
  );
  await tx
    .update(table)
    .set({ sortOrder: sql`case ${table.id} ${cases} end` } as never)
    .where(and(inArray(table.id, [...order.keys()]), list.where));
  await writeAudit(
    tx,
    caller,
    { entity: list.entity, entityId: null, action: 'reorder', before: current, after: ids },
    now,
  );
}

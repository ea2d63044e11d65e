import { msg, notFoundText } from '@tournament/shared';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminRing, RingCreateSchema, RingReorderSchema, RingUpdateSchema } from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import { ringDivisions, rings, tournaments } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { poke } from '../sync/push.ts';
import { writeAudit } from './audit.ts';
import { reorderList } from './settings-order.ts';

// Rings of a tournament (decision 021): directors add, rename, remove and order them over /api;
// opening, closing and the queues are matchday mutators (/sync). Every change and its audit
// entry share one transaction; the ring tablets and the signage TVs are poked after commit
// (the poke also drops the cached signage and results reads: sync/push.ts).

export const RING_MESSAGES = {
  notFound: notFoundText('ring'),
  tournamentNotFound: notFoundText('tournament'),
  hasRun: (name: string) => msg('ring.hasRun', { name }),
} as const;

const ringView = (r: typeof rings.$inferSelect): AdminRing => ({
  id: r.id,
  tournamentId: r.tournamentId,
  name: r.name,
  isOpen: r.isOpen,
  sortOrder: r.sortOrder,
});

async function lockRing(tx: Tx, id: number) {
  const [row] = await tx.select().from(rings).where(eq(rings.id, id)).for('update');
  if (!row) throw notFound(RING_MESSAGES.notFound);
  return row;
}

export async function listRings(deps: Deps, tournamentId: number): Promise<AdminRing[]> {
  const rows = await deps.database.db
    .select()
    .from(rings)
    .where(eq(rings.tournamentId, tournamentId))
    .orderBy(asc(rings.sortOrder), asc(rings.id));
  return rows.map(ringView);
}

const afterChange = (deps: Deps, tournamentId: number) => poke(deps, tournamentId, ['matchday', 'signage']);

/** POST /api/admin/rings: a new open ring at the end of the tournament's order. */
export async function createRing(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof RingCreateSchema>,
): Promise<AdminRing> {
  const ring = await deps.database.db.transaction(async (tx) => {
    // The tournament's row lock orders two rings added at once (each gets its own place).
    const [tournament] = await tx
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for('update');
    if (!tournament) {
      throw new DomainError('bad_reference', RING_MESSAGES.tournamentNotFound, 400, {
        tournamentId: RING_MESSAGES.tournamentNotFound,
      });
    }
    const [last] = await tx
      .select({ n: max(rings.sortOrder) })
      .from(rings)
      .where(eq(rings.tournamentId, input.tournamentId));
    const [row] = await tx
      .insert(rings)
      .values({ tournamentId: input.tournamentId, name: input.name, sortOrder: (last?.n ?? 0) + 1 })
      .returning();
    if (!row) throw new Error('ring insert returned nothing');
    const view = ringView(row);
    await writeAudit(
      tx,
      caller,
      { entity: 'ring', entityId: row.id, action: 'create', before: null, after: view },
      deps.now(),
    );
    return view;
  });
  await afterChange(deps, ring.tournamentId);
  return ring;
}

/** PUT /api/admin/rings/{ringId}: renames a ring. */
export async function updateRing(
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof RingUpdateSchema>,
): Promise<AdminRing> {
  const { ring, changed } = await deps.database.db.transaction(async (tx) => {
    const before = await lockRing(tx, id);
    // The same name again writes nothing: every write stamps a new sync version.
    if (before.name === input.name) return { ring: ringView(before), changed: false };
    const [row] = await tx
      .update(rings)
      .set({ name: input.name, updatedAt: deps.now() })
      .where(eq(rings.id, id))
      .returning();
    const after = ringView(row!);
    await writeAudit(
      tx,
      caller,
      { entity: 'ring', entityId: id, action: 'update', before: ringView(before), after },
      deps.now(),
    );
    return { ring: after, changed: true };
  });
  if (changed) await afterChange(deps, ring.tournamentId);
  return ring;
}

/**
 * DELETE /api/admin/rings/{ringId}: refused (409) while the ring has a current or completed
 * division; its upcoming divisions go back to unassigned.
 */
export async function deleteRing(deps: Deps, caller: Caller, id: number): Promise<void> {
  const tournamentId = await deps.database.db.transaction(async (tx) => {
    const before = await lockRing(tx, id);
    const onRing = await tx
      .select({ id: ringDivisions.id, status: ringDivisions.status })
      .from(ringDivisions)
      .where(eq(ringDivisions.ringId, id))
      .for('update');
    if (onRing.some((d) => d.status !== 'upcoming'))
      throw new DomainError('ring_has_run', RING_MESSAGES.hasRun(before.name), 409);
    if (onRing.length > 0) {
      await tx
        .update(ringDivisions)
        .set({ ringId: null, queueOrder: 0, updatedAt: deps.now() })
        .where(
          and(
            inArray(
              ringDivisions.id,
              onRing.map((d) => d.id),
            ),
            eq(ringDivisions.status, 'upcoming'),
          ),
        );
    }
    await tx.delete(rings).where(eq(rings.id, id));
    await writeAudit(
      tx,
      caller,
      {
        entity: 'ring',
        entityId: id,
        action: 'delete',
        before: { ...ringView(before), unassignedDivisionIds: onRing.map((d) => d.id) },
        after: null,
      },
      deps.now(),
    );
    return before.tournamentId;
  });
  await afterChange(deps, tournamentId);
}

/** POST /api/admin/rings/reorder: every ring of the tournament exactly once, else 400 and nothing changes. */
export async function reorderRings(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof RingReorderSchema>,
): Promise<AdminRing[]> {
  await deps.database.db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for('update');
    if (!tournament) throw notFound(RING_MESSAGES.tournamentNotFound);
    await reorderList(
      tx,
      caller,
      deps.now(),
      { table: rings, entity: 'ring', where: eq(rings.tournamentId, input.tournamentId) },
      input.ids,
    );
  });
  await afterChange(deps, input.tournamentId);
  return listRings(deps, input.tournamentId);
}

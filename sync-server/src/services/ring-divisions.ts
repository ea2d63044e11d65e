import { publishableDivisions } from '@tournament/shared';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { divisionEntries, divisionResults, ringDivisions } from '../db/schema.ts';
import { readPublishedDivisions } from './matchmaking/queries.ts';

// The divisions rings run follow the tournament's latest publication (decision 021; decision
// 021). Publishing (and placing a late entry on the published draft) calls this in its own
// transaction: new divisions arrive unassigned and upcoming; a division that is published
// again keeps its ring, queue place, status and results, with its title, event types and
// competitors brought up to date while it has not been completed; an upcoming division no
// longer published goes, and one that has started stays (its results matter).

type DbLike = Db | Tx;

const entryId = (divisionId: number, competitorId: number) => `${divisionId}:${competitorId}`;
const resultId = (divisionId: number, eventTypeId: number) => `${divisionId}:${eventTypeId}`;

export async function syncRingDivisions(tx: DbLike, tournamentId: number): Promise<void> {
  const published = await readPublishedDivisions(tx, tournamentId);
  if (!published) return;
  // A division without competitors is never run, balanced or shown (a publication made before
  // empty divisions were left out may still hold one).
  const divisions = publishableDivisions(published.divisions);
  const ids = divisions.map((d) => d.id);

  // Upcoming divisions no longer published go (their entries and results with them).
  await tx
    .delete(ringDivisions)
    .where(
      and(
        eq(ringDivisions.tournamentId, tournamentId),
        eq(ringDivisions.status, 'upcoming'),
        ...(ids.length ? [notInArray(ringDivisions.id, ids)] : []),
      ),
    );
  if (divisions.length === 0) return;

  // Rows are written only when something changed: every write stamps a new sync version.
  await tx
    .insert(ringDivisions)
    .values(
      divisions.map((d) => ({
        id: d.id,
        tournamentId,
        title: d.title,
        eventTypeIds: d.eventTypeIds,
        eventTypes: d.eventTypes,
        competitorCount: d.competitorIds.length,
        sortOrder: d.sortOrder,
      })),
    )
    .onConflictDoUpdate({
      target: ringDivisions.id,
      set: {
        title: sql`excluded.title`,
        eventTypeIds: sql`excluded.event_type_ids`,
        eventTypes: sql`excluded.event_types`,
        competitorCount: sql`excluded.competitor_count`,
        sortOrder: sql`excluded.sort_order`,
      },
      setWhere: sql`${ringDivisions.status} <> 'completed' and (
        ${ringDivisions.title} is distinct from excluded.title
        or ${ringDivisions.eventTypeIds} is distinct from excluded.event_type_ids
        or ${ringDivisions.competitorCount} is distinct from excluded.competitor_count
        or ${ringDivisions.sortOrder} is distinct from excluded.sort_order)`,
    });

  const completed = new Set(
    (
      await tx
        .select({ id: ringDivisions.id })
        .from(ringDivisions)
        .where(and(eq(ringDivisions.tournamentId, tournamentId), eq(ringDivisions.status, 'completed')))
    ).map((r) => r.id),
  );
  const live = divisions.filter((d) => !completed.has(d.id));
  if (live.length === 0) return;
  const liveIds = live.map((d) => d.id);

  // Entries: the published competitors of each division not completed (no-show marks kept).
  const wantedEntries = live.flatMap((d) =>
    d.competitorIds.map((competitorId) => ({
      id: entryId(d.id, competitorId),
      tournamentId,
      divisionId: d.id,
      competitorId,
    })),
  );
  await keepExactly(tx, divisionEntries, liveIds, wantedEntries);

  // One result row per event type of each division.
  const wantedResults = live.flatMap((d) =>
    d.eventTypeIds.map((eventTypeId) => ({
      id: resultId(d.id, eventTypeId),
      tournamentId,
      divisionId: d.id,
      eventTypeId,
    })),
  );
  await keepExactly(tx, divisionResults, liveIds, wantedResults);
}

/**
 * Makes the rows of `table` for these divisions exactly `wanted` (by id): others go, missing
 * ones are added, and rows that stay are left alone (their no-show marks, draws and placings).
 */
async function keepExactly<Row extends { id: string; divisionId: number }>(
  tx: DbLike,
  table: typeof divisionEntries | typeof divisionResults,
  divisionIds: number[],
  wanted: Row[],
): Promise<void> {
  const existing = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.divisionId, divisionIds));
  const keep = new Set(wanted.map((r) => r.id));
  const gone = existing.filter((r) => !keep.has(r.id)).map((r) => r.id);
  if (gone.length) await tx.delete(table).where(inArray(table.id, gone));
  for (let i = 0; i < wanted.length; i += 1000) {
    await tx
      .insert(table)
      // Each caller passes its own table's rows; the union of the two tables cannot say so.
      .values(wanted.slice(i, i + 1000) as never)
      .onConflictDoNothing();
  }
}

/**
 * At start: tournaments published before rings existed (migration 0010) get their divisions,
 * once; a tournament that has any is left alone (publishing keeps it in step).
 */
export async function backfillRingDivisions(db: Db): Promise<void> {
  const rows = await db.execute(sql`
    select distinct p.tournament_id as id from matchmaking_publications p
     where not exists (select 1 from ring_divisions r where r.tournament_id = p.tournament_id)`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: number }[];
  for (const { id } of list) await db.transaction((tx) => syncRingDivisions(tx, Number(id)));
}

import { and, asc, count, eq, max, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EVENT_TYPE_MATCHDAY_DEFAULTS,
  EVENT_TYPE_MESSAGES,
  IN_USE,
  inUseMessage,
  type AdminEventType,
  type CompetitorLevel,
  type CompetitorLevelInputSchema,
  type EventTypeInputSchema,
  type TournamentEvent,
  type TournamentEventInputSchema,
  notFoundText,
  sentences,
  msg,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import {
  competitorEvents,
  competitorLevels,
  competitors,
  divisionLevels,
  eventTypes,
  events,
  ringDivisions,
  tournaments,
} from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { poke } from '../sync/push.ts';
import { writeAudit } from './audit.ts';
import { badOrder, reorderList, type OrderedList } from './settings-order.ts';
import { EVENT_TYPES_CACHE_KEY, getNextTournament } from './tournaments.ts';

// Decision 007: event types, competitor levels and the events of a tournament. Each change and
// its audit entry share one transaction; anything in use is refused with what uses it.

const inUse = (message: string) => new DomainError('in_use', message, 409);

/** One kind of catalog row: its list (table and audit name), its not-found message, its audited view. */
interface Kind<Row> {
  list: OrderedList;
  notFound: string;
  read: (tx: Tx, id: number) => Promise<Row | undefined>;
}

/**
 * Inserts a row at the end of its list (`where`: the rows of that list, when the table holds
 * several) and audits it; answers its id and audited view.
 */
async function insertLast<Row>(
  tx: Tx,
  caller: Caller,
  now: Date,
  kind: Kind<Row>,
  where: SQL | undefined,
  insert: (sortOrder: number) => Promise<{ id: number }[]>,
): Promise<{ id: number; after: Row | undefined }> {
  const { table, entity } = kind.list;
  const [last] = await tx
    .select({ n: max(table.sortOrder) })
    .from(table)
    .where(where);
  const [row] = await insert(((last?.n as number | null) ?? 0) + 1);
  if (!row) throw new Error(`${entity} insert returned nothing`);
  const after = await kind.read(tx, row.id);
  await writeAudit(tx, caller, { entity, entityId: row.id, action: 'create', before: null, after }, now);
  return { id: row.id, after };
}

/**
 * Deletes a row and audits it, unless something uses it (`usedBy` answers the refusal, or
 * null). The row is locked first: a row being added that uses it finishes before the count.
 */
async function deleteUnused<Row>(
  tx: Tx,
  caller: Caller,
  now: Date,
  kind: Kind<Row>,
  id: number,
  usedBy: (before: Row) => Promise<string | null>,
): Promise<void> {
  const { table, entity } = kind.list;
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
  const before = await kind.read(tx, id);
  if (!before) throw notFound(kind.notFound);
  const refusal = await usedBy(before);
  if (refusal) throw inUse(refusal);
  await tx.delete(table).where(eq(table.id, id));
  await writeAudit(tx, caller, { entity, entityId: id, action: 'delete', before, after: null }, now);
}

/** Puts a whole list in the order of `ids` (settings-order.ts), in a transaction of its own. */
function reorderAll(deps: Deps, caller: Caller, list: OrderedList, ids: number[]): Promise<void> {
  return deps.database.db.transaction((tx) => reorderList(tx, caller, deps.now(), list, ids));
}

// ---- Event types ----

const EVENT_TYPE_NOT_FOUND = notFoundText('event type');

async function eventTypeRow(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: eventTypes.id,
      title: eventTypes.title,
      description: eventTypes.description,
      showOnHomepage: eventTypes.showOnHomepage,
      decidedBy: eventTypes.decidedBy,
      sortOrder: eventTypes.sortOrder,
      judges: eventTypes.judges,
      scoreMin: eventTypes.scoreMin,
      scoreMax: eventTypes.scoreMax,
      minutesPerPerformance: eventTypes.minutesPerPerformance,
      minutesPerMatch: eventTypes.minutesPerMatch,
      thirdPlace: eventTypes.thirdPlace,
    })
    .from(eventTypes)
    .where(eq(eventTypes.id, id));
  return row;
}

type EventTypeInput = z.output<typeof EventTypeInputSchema>;
type EventTypeRow = NonNullable<Awaited<ReturnType<typeof eventTypeRow>>>;

const EVENT_TYPE: Kind<EventTypeRow> = {
  list: { table: eventTypes, entity: 'eventType' },
  notFound: EVENT_TYPE_NOT_FOUND,
  read: eventTypeRow,
};

/** The score range as it will stand (the input's, else the stored or default one) must be a range. */
function assertScoreRange(input: EventTypeInput, stored: Pick<EventTypeRow, 'scoreMin' | 'scoreMax'>) {
  const min = input.scoreMin ?? stored.scoreMin;
  const max = input.scoreMax ?? stored.scoreMax;
  if (min < max) return;
  const field = input.scoreMax === undefined ? 'scoreMin' : 'scoreMax';
  throw new DomainError('bad_score_range', EVENT_TYPE_MESSAGES.scoreOrder, 400, {
    [field]: EVENT_TYPE_MESSAGES.scoreOrder,
  });
}

/** What ring tablets read of an event type (SyncDivision.rules): a change re-sends its divisions. */
const MATCHDAY_FIELDS = [
  'title',
  'decidedBy',
  'judges',
  'scoreMin',
  'scoreMax',
  'minutesPerPerformance',
  'minutesPerMatch',
  'thirdPlace',
] as const;

/**
 * Re-stamps the next tournament's ring divisions that run this event type, so the matchday
 * and signage scopes send them again with the new rules; answers the tournament to poke.
 */
async function restampDivisionsOf(tx: Tx, deps: Deps, eventTypeId: number): Promise<number | null> {
  const next = await getNextTournament(deps);
  if (!next) return null;
  const touched = await tx
    .update(ringDivisions)
    .set({ updatedAt: deps.now() })
    .where(
      and(
        eq(ringDivisions.tournamentId, next.id),
        sql`${eventTypeId}::integer = any(${ringDivisions.eventTypeIds})`,
      ),
    )
    .returning({ id: ringDivisions.id });
  return touched.length > 0 ? next.id : null;
}

export async function adminListEventTypes(deps: Deps): Promise<AdminEventType[]> {
  const db = deps.database.db;
  const [rows, uses] = await Promise.all([
    db.select().from(eventTypes).orderBy(asc(eventTypes.sortOrder), asc(eventTypes.id)),
    db.select({ id: events.eventTypeId, n: count() }).from(events).groupBy(events.eventTypeId),
  ]);
  const used = new Map(uses.map((u) => [u.id, u.n]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    showOnHomepage: r.showOnHomepage,
    decidedBy: r.decidedBy,
    sortOrder: r.sortOrder,
    eventCount: used.get(r.id) ?? 0,
    judges: r.judges === 3 ? 3 : 5,
    scoreMin: r.scoreMin,
    scoreMax: r.scoreMax,
    minutesPerPerformance: r.minutesPerPerformance,
    minutesPerMatch: r.minutesPerMatch,
    thirdPlace: r.thirdPlace,
  }));
}

async function afterEventTypeChange(deps: Deps) {
  await deps.cache.invalidate(EVENT_TYPES_CACHE_KEY);
  return adminListEventTypes(deps);
}

export async function createEventType(deps: Deps, caller: Caller, input: EventTypeInput) {
  assertScoreRange(input, EVENT_TYPE_MATCHDAY_DEFAULTS);
  const { id } = await deps.database.db.transaction((tx) =>
    insertLast(tx, caller, deps.now(), EVENT_TYPE, undefined, (sortOrder) =>
      tx
        .insert(eventTypes)
        .values({ ...input, sortOrder })
        .returning({ id: eventTypes.id }),
    ),
  );
  return (await afterEventTypeChange(deps)).find((e) => e.id === id)!;
}

export async function updateEventType(deps: Deps, caller: Caller, id: number, input: EventTypeInput) {
  const restamped = await deps.database.db.transaction(async (tx) => {
    const before = await eventTypeRow(tx, id);
    if (!before) throw notFound(EVENT_TYPE_NOT_FOUND);
    assertScoreRange(input, before);
    // Fields left out keep their stored values (drizzle leaves undefined ones alone).
    await tx
      .update(eventTypes)
      .set({ ...input, updatedAt: deps.now() })
      .where(eq(eventTypes.id, id));
    const after = await eventTypeRow(tx, id);
    await writeAudit(
      tx,
      caller,
      { entity: 'eventType', entityId: id, action: 'update', before, after },
      deps.now(),
    );
    const rulesChanged = after && MATCHDAY_FIELDS.some((f) => before[f] !== after[f]);
    return rulesChanged ? restampDivisionsOf(tx, deps, id) : null;
  });
  // Ring tablets and signage get the divisions with the new rules and title.
  if (restamped !== null) await poke(deps, restamped, ['matchday', 'signage']);
  return (await afterEventTypeChange(deps)).find((e) => e.id === id)!;
}

export async function deleteEventType(deps: Deps, caller: Caller, id: number): Promise<void> {
  await deps.database.db.transaction((tx) =>
    deleteUnused(tx, caller, deps.now(), EVENT_TYPE, id, async (before) => {
      const [used] = await tx.select({ n: count() }).from(events).where(eq(events.eventTypeId, id));
      return inUseMessage(IN_USE.eventType(before.title), [IN_USE.events(used?.n ?? 0)]);
    }),
  );
  await deps.cache.invalidate(EVENT_TYPES_CACHE_KEY);
}

export async function reorderEventTypes(deps: Deps, caller: Caller, ids: number[]) {
  await reorderAll(deps, caller, EVENT_TYPE.list, ids);
  return afterEventTypeChange(deps);
}

// ---- Competitor levels ----

const LEVEL_NOT_FOUND = notFoundText('competitor level');
const levelTaken = (name: string) => {
  const message = msg('server.levelExists', { name });
  return new DomainError('level_exists', message, 409, { name: message });
};

async function levelRow(tx: Tx, id: number): Promise<CompetitorLevel | undefined> {
  const [row] = await tx
    .select({
      id: competitorLevels.id,
      name: competitorLevels.name,
      description: competitorLevels.description,
      sortOrder: competitorLevels.sortOrder,
    })
    .from(competitorLevels)
    .where(eq(competitorLevels.id, id));
  return row;
}

const LEVEL: Kind<CompetitorLevel> = {
  list: { table: competitorLevels, entity: 'competitorLevel' },
  notFound: LEVEL_NOT_FOUND,
  read: levelRow,
};

export function adminListCompetitorLevels(deps: Deps): Promise<CompetitorLevel[]> {
  return deps.database.db
    .select({
      id: competitorLevels.id,
      name: competitorLevels.name,
      description: competitorLevels.description,
      sortOrder: competitorLevels.sortOrder,
    })
    .from(competitorLevels)
    .orderBy(asc(competitorLevels.sortOrder), asc(competitorLevels.id));
}

async function assertLevelNameFree(tx: Tx, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: competitorLevels.id })
    .from(competitorLevels)
    .where(
      exceptId
        ? and(eq(competitorLevels.name, name), ne(competitorLevels.id, exceptId))
        : eq(competitorLevels.name, name),
    );
  if (clash) throw levelTaken(name);
}

export async function createCompetitorLevel(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof CompetitorLevelInputSchema>,
) {
  return deps.database.db.transaction(async (tx) => {
    await assertLevelNameFree(tx, input.name);
    const { after } = await insertLast(tx, caller, deps.now(), LEVEL, undefined, (sortOrder) =>
      tx
        .insert(competitorLevels)
        .values({ name: input.name, description: input.description ?? '', sortOrder })
        .returning({ id: competitorLevels.id }),
    );
    return after!;
  });
}

export async function updateCompetitorLevel(
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof CompetitorLevelInputSchema>,
) {
  return deps.database.db.transaction(async (tx) => {
    const before = await levelRow(tx, id);
    if (!before) throw notFound(LEVEL_NOT_FOUND);
    await assertLevelNameFree(tx, input.name, id);
    const description = input.description ?? before.description;
    await tx
      .update(competitorLevels)
      .set({ name: input.name, description })
      .where(eq(competitorLevels.id, id));
    const after = { ...before, name: input.name, description };
    await writeAudit(
      tx,
      caller,
      { entity: 'competitorLevel', entityId: id, action: 'update', before, after },
      deps.now(),
    );
    return after;
  });
}

export async function deleteCompetitorLevel(deps: Deps, caller: Caller, id: number): Promise<void> {
  await deps.database.db.transaction((tx) =>
    deleteUnused(tx, caller, deps.now(), LEVEL, id, async (before) => {
      const [[comps], [divs]] = await Promise.all([
        tx.select({ n: count() }).from(competitors).where(eq(competitors.competitorLevelId, id)),
        tx.select({ n: count() }).from(divisionLevels).where(eq(divisionLevels.competitorLevelId, id)),
      ]);
      return inUseMessage(IN_USE.competitorLevel(before.name), [
        IN_USE.competitors(comps?.n ?? 0),
        IN_USE.divisions(divs?.n ?? 0),
      ]);
    }),
  );
}

export async function reorderCompetitorLevels(deps: Deps, caller: Caller, ids: number[]) {
  await reorderAll(deps, caller, LEVEL.list, ids);
  return adminListCompetitorLevels(deps);
}

// ---- Events of a tournament ----

const EVENT_NOT_FOUND = notFoundText('event');

async function eventRow(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: events.id,
      tournamentId: events.tournamentId,
      eventTypeId: events.eventTypeId,
      name: events.name,
      sortOrder: events.sortOrder,
      requiresWeight: events.requiresWeight,
    })
    .from(events)
    .where(eq(events.id, id));
  return row;
}

type EventRow = NonNullable<Awaited<ReturnType<typeof eventRow>>>;

const EVENT: Kind<EventRow> = {
  list: { table: events, entity: 'event' },
  notFound: EVENT_NOT_FOUND,
  read: eventRow,
};

export async function adminListEvents(deps: Deps, tournamentId?: number): Promise<TournamentEvent[]> {
  const db = deps.database.db;
  const [rows, entries] = await Promise.all([
    db
      .select()
      .from(events)
      .where(tournamentId ? eq(events.tournamentId, tournamentId) : undefined)
      .orderBy(asc(events.tournamentId), asc(events.sortOrder), asc(events.id)),
    db
      .select({ id: competitorEvents.eventId, n: count() })
      .from(competitorEvents)
      .groupBy(competitorEvents.eventId),
  ]);
  const entered = new Map(entries.map((e) => [e.id, e.n]));
  return rows.map((r) => ({
    id: r.id,
    tournamentId: r.tournamentId,
    eventTypeId: r.eventTypeId,
    name: r.name,
    sortOrder: r.sortOrder,
    requiresWeight: r.requiresWeight,
    entryCount: entered.get(r.id) ?? 0,
  }));
}

async function findEvent(deps: Deps, id: number) {
  const found = (await adminListEvents(deps)).find((e) => e.id === id);
  if (!found) throw notFound(EVENT_NOT_FOUND);
  return found;
}

/** The event type's title, refusing an unknown event type or tournament as field errors. */
async function checkEventRefs(tx: Tx, input: z.output<typeof TournamentEventInputSchema>): Promise<string> {
  const [[tournament], [type]] = await Promise.all([
    tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, input.tournamentId)),
    tx.select({ title: eventTypes.title }).from(eventTypes).where(eq(eventTypes.id, input.eventTypeId)),
  ]);
  const errors: Record<string, string> = {};
  if (!tournament) errors.tournamentId = notFoundText('tournament');
  if (!type) errors.eventTypeId = EVENT_TYPE_NOT_FOUND;
  if (!tournament || !type)
    throw new DomainError('bad_reference', sentences(Object.values(errors)), 400, errors);
  return type.title;
}

export async function createEvent(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof TournamentEventInputSchema>,
) {
  const { id } = await deps.database.db.transaction(async (tx) => {
    const typeTitle = await checkEventRefs(tx, input);
    return insertLast(
      tx,
      caller,
      deps.now(),
      EVENT,
      eq(events.tournamentId, input.tournamentId),
      (sortOrder) =>
        tx
          .insert(events)
          .values({
            tournamentId: input.tournamentId,
            eventTypeId: input.eventTypeId,
            name: input.name || typeTitle,
            requiresWeight: input.requiresWeight,
            sortOrder,
          })
          .returning({ id: events.id }),
    );
  });
  return findEvent(deps, id);
}

export async function updateEvent(
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof TournamentEventInputSchema>,
) {
  await deps.database.db.transaction(async (tx) => {
    const before = await eventRow(tx, id);
    if (!before) throw notFound(EVENT_NOT_FOUND);
    if (before.tournamentId !== input.tournamentId) {
      const message = msg('server.eventMoves');
      throw new DomainError('event_moves', message, 400, { tournamentId: message });
    }
    const typeTitle = await checkEventRefs(tx, input);
    await tx
      .update(events)
      .set({
        eventTypeId: input.eventTypeId,
        name: input.name || typeTitle,
        requiresWeight: input.requiresWeight,
        updatedAt: deps.now(),
      })
      .where(eq(events.id, id));
    const after = await eventRow(tx, id);
    await writeAudit(
      tx,
      caller,
      { entity: 'event', entityId: id, action: 'update', before, after },
      deps.now(),
    );
  });
  return findEvent(deps, id);
}

export async function deleteEvent(deps: Deps, caller: Caller, id: number): Promise<void> {
  await deps.database.db.transaction((tx) =>
    deleteUnused(tx, caller, deps.now(), EVENT, id, async (before) => {
      const [entries] = await tx
        .select({ n: count() })
        .from(competitorEvents)
        .where(eq(competitorEvents.eventId, id));
      return inUseMessage(IN_USE.event(before.name), [IN_USE.competitors(entries?.n ?? 0)]);
    }),
  );
}

/**
 * New order of one tournament's events: the first id names the tournament, and the ids must
 * be all of that tournament's events (an unknown first id is bad input like any other).
 */
export async function reorderEvents(deps: Deps, caller: Caller, ids: number[]) {
  const tournamentId = await deps.database.db.transaction(async (tx) => {
    const first = ids[0] === undefined ? undefined : await eventRow(tx, ids[0]);
    if (!first) throw badOrder();
    await reorderList(
      tx,
      caller,
      deps.now(),
      { ...EVENT.list, where: eq(events.tournamentId, first.tournamentId) },
      ids,
    );
    return first.tournamentId;
  });
  return adminListEvents(deps, tournamentId);
}

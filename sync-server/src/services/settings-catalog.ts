import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EVENT_TYPE_MATCHDAY_DEFAULTS,
  EVENT_TYPE_MESSAGES,
  inUseMessage,
  type AdminEventType,
  type CompetitorLevel,
  type CompetitorLevelInputSchema,
  type EventTypeInputSchema,
  type TournamentEvent,
  type TournamentEventInputSchema,
  notFoundText,
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
import { badOrder, reorderList } from './settings-order.ts';
import { EVENT_TYPES_CACHE_KEY, getNextTournament } from './tournaments.ts';

// Issue 8: event types, competitor levels and the events of a tournament. Each change and
// its audit entry share one transaction; anything in use is refused with what uses it.

const inUse = (message: string) => new DomainError('in_use', message, 409);

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
  const id = await deps.database.db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(eventTypes.sortOrder) }).from(eventTypes);
    const [row] = await tx
      .insert(eventTypes)
      .values({ ...input, sortOrder: (last?.n ?? 0) + 1 })
      .returning({ id: eventTypes.id });
    if (!row) throw new Error('event type insert returned nothing');
    const after = await eventTypeRow(tx, row.id);
    await writeAudit(
      tx,
      caller,
      { entity: 'eventType', entityId: row.id, action: 'create', before: null, after },
      deps.now(),
    );
    return row.id;
  });
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
  await deps.database.db.transaction(async (tx) => {
    // Lock the row first: an event being added for it now finishes before we count.
    await tx.select({ id: eventTypes.id }).from(eventTypes).where(eq(eventTypes.id, id)).for('update');
    const before = await eventTypeRow(tx, id);
    if (!before) throw notFound(EVENT_TYPE_NOT_FOUND);
    const [used] = await tx.select({ n: count() }).from(events).where(eq(events.eventTypeId, id));
    const refusal = inUseMessage(`the event type "${before.title}"`, [
      { count: used?.n ?? 0, noun: ['event', 'events'] },
    ]);
    if (refusal) throw inUse(refusal);
    await tx.delete(eventTypes).where(eq(eventTypes.id, id));
    await writeAudit(
      tx,
      caller,
      { entity: 'eventType', entityId: id, action: 'delete', before, after: null },
      deps.now(),
    );
  });
  await deps.cache.invalidate(EVENT_TYPES_CACHE_KEY);
}

export async function reorderEventTypes(deps: Deps, caller: Caller, ids: number[]) {
  await deps.database.db.transaction((tx) =>
    reorderList(tx, caller, deps.now(), { table: eventTypes, entity: 'eventType' }, ids),
  );
  return afterEventTypeChange(deps);
}

// ---- Competitor levels ----

const LEVEL_NOT_FOUND = notFoundText('competitor level');
const levelTaken = (name: string) =>
  new DomainError('level_exists', `A competitor level named "${name}" already exists`, 409, {
    name: `A competitor level named "${name}" already exists`,
  });

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
    const [last] = await tx.select({ n: max(competitorLevels.sortOrder) }).from(competitorLevels);
    const [row] = await tx
      .insert(competitorLevels)
      .values({ name: input.name, description: input.description ?? '', sortOrder: (last?.n ?? 0) + 1 })
      .returning({
        id: competitorLevels.id,
        name: competitorLevels.name,
        description: competitorLevels.description,
        sortOrder: competitorLevels.sortOrder,
      });
    if (!row) throw new Error('level insert returned nothing');
    await writeAudit(
      tx,
      caller,
      { entity: 'competitorLevel', entityId: row.id, action: 'create', before: null, after: row },
      deps.now(),
    );
    return row;
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
  await deps.database.db.transaction(async (tx) => {
    await tx
      .select({ id: competitorLevels.id })
      .from(competitorLevels)
      .where(eq(competitorLevels.id, id))
      .for('update');
    const before = await levelRow(tx, id);
    if (!before) throw notFound(LEVEL_NOT_FOUND);
    const [[comps], [divs]] = await Promise.all([
      tx.select({ n: count() }).from(competitors).where(eq(competitors.competitorLevelId, id)),
      tx.select({ n: count() }).from(divisionLevels).where(eq(divisionLevels.competitorLevelId, id)),
    ]);
    const refusal = inUseMessage(`the competitor level "${before.name}"`, [
      { count: comps?.n ?? 0, noun: ['competitor', 'competitors'] },
      { count: divs?.n ?? 0, noun: ['division', 'divisions'] },
    ]);
    if (refusal) throw inUse(refusal);
    await tx.delete(competitorLevels).where(eq(competitorLevels.id, id));
    await writeAudit(
      tx,
      caller,
      { entity: 'competitorLevel', entityId: id, action: 'delete', before, after: null },
      deps.now(),
    );
  });
}

export async function reorderCompetitorLevels(deps: Deps, caller: Caller, ids: number[]) {
  await deps.database.db.transaction((tx) =>
    reorderList(tx, caller, deps.now(), { table: competitorLevels, entity: 'competitorLevel' }, ids),
  );
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
    throw new DomainError('bad_reference', Object.values(errors).join(' '), 400, errors);
  return type.title;
}

export async function createEvent(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof TournamentEventInputSchema>,
) {
  const id = await deps.database.db.transaction(async (tx) => {
    const typeTitle = await checkEventRefs(tx, input);
    const [last] = await tx
      .select({ n: max(events.sortOrder) })
      .from(events)
      .where(eq(events.tournamentId, input.tournamentId));
    const [row] = await tx
      .insert(events)
      .values({
        tournamentId: input.tournamentId,
        eventTypeId: input.eventTypeId,
        name: input.name || typeTitle,
        requiresWeight: input.requiresWeight,
        sortOrder: (last?.n ?? 0) + 1,
      })
      .returning({ id: events.id });
    if (!row) throw new Error('event insert returned nothing');
    const after = await eventRow(tx, row.id);
    await writeAudit(
      tx,
      caller,
      { entity: 'event', entityId: row.id, action: 'create', before: null, after },
      deps.now(),
    );
    return row.id;
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
      const message = 'An event cannot move to another tournament';
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
  await deps.database.db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
    const before = await eventRow(tx, id);
    if (!before) throw notFound(EVENT_NOT_FOUND);
    const [entries] = await tx
      .select({ n: count() })
      .from(competitorEvents)
      .where(eq(competitorEvents.eventId, id));
    const refusal = inUseMessage(`the event "${before.name}"`, [
      { count: entries?.n ?? 0, noun: ['competitor', 'competitors'] },
    ]);
    if (refusal) throw inUse(refusal);
    await tx.delete(events).where(eq(events.id, id));
    await writeAudit(
      tx,
      caller,
      { entity: 'event', entityId: id, action: 'delete', before, after: null },
      deps.now(),
    );
  });
}

/**
 * New order of one tournament's events: the first id names the tournament, and the ids must
 * be all of that tournament's events (an unknown first id is bad input like any other).
 */
export async function reorderEvents(deps: Deps, caller: Caller, ids: number[]) {
  const tournamentId = await deps.database.db.transaction(async (tx) => {
    const first = ids[0] === undefined ? undefined : await eventRow(tx, ids[0]);
    if (!first) throw badOrder();
    const list = {
      table: events,
      entity: 'event',
      where: eq(events.tournamentId, first.tournamentId),
    } as const;
    await reorderList(tx, caller, deps.now(), list, ids);
    return first.tournamentId;
  });
  return adminListEvents(deps, tournamentId);
}

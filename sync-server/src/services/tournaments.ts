import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  nextTournament,
  tournamentDeleteRefusal,
  tournamentStatus,
  utcDay,
  utcDayStart,
  type AdminTournament,
  type Tournament,
  type TournamentInputSchema,
  notFoundText,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import { eventTypes, events, registrations, tournamentScheduleLines, tournaments } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { writeAudit } from './audit.ts';

// Tournaments and event types as the public reads show them (cached), and the admin's list and
// changes of tournaments (decision 007; each change and its audit entry in one transaction).

export const TOURNAMENTS_CACHE_KEY = 'tournaments';
export const EVENT_TYPES_CACHE_KEY = 'event-types';

export type StoredTournament = Omit<
  Tournament,
  'isTournamentToday' | 'isRegistrationOpen' | 'isRegistrationOpenSoon'
>;

/** A tournament row and its schedule lines (already in order) as the API shows them. */
export function toStoredTournament(
  t: typeof tournaments.$inferSelect,
  lines: readonly (typeof tournamentScheduleLines.$inferSelect)[],
): StoredTournament {
  return {
    id: t.id,
    tournamentDate: t.tournamentDate,
    registrationOpensOn: t.registrationOpensOn,
    registrationClosesAfter: t.registrationClosesAfter,
    competitorOnlineCost: t.competitorOnlineCost,
    competitorDoorCost: t.competitorDoorCost,
    spectatorCost: t.spectatorCost,
    lunchCost: t.lunchCost,
    city: t.city,
    venue: t.venue,
    inPersonRegistrationTimes: t.inPersonRegistrationTimes,
    blackBeltMeetingTime: t.blackBeltMeetingTime,
    eliminationTime: t.eliminationTime,
    schedule: lines.map((l) => ({ order: l.sortOrder, line1: l.line1, line2: l.line2 })),
  };
}

async function loadTournaments(deps: Deps): Promise<StoredTournament[]> {
  const db = deps.database.db;
  const [rows, lines] = await Promise.all([
    db.select().from(tournaments).orderBy(asc(tournaments.tournamentDate)),
    db.select().from(tournamentScheduleLines).orderBy(asc(tournamentScheduleLines.sortOrder)),
  ]);
  return rows.map((t) =>
    toStoredTournament(
      t,
      lines.filter((l) => l.tournamentId === t.id),
    ),
  );
}

/**
 * The flags change only at 00:00 UTC, so the list with its flags is kept per UTC day,
 * keyed by the cached rows (an invalidation brings new rows, hence a new list).
 */
const withFlags = new WeakMap<StoredTournament[], { from: number; until: number; list: Tournament[] }>();
const DAY_MS = 86_400_000;

/** Every tournament, oldest first, with its docs/product.md §4 flags as of now. Shared: do not mutate. */
export async function listTournaments(deps: Deps): Promise<Tournament[]> {
  return flagged(await deps.cache.get(TOURNAMENTS_CACHE_KEY, () => loadTournaments(deps)), deps.now());
}

/**
 * `listTournaments` without waiting, when the cache holds the rows; undefined while they load
 * or once a change dropped them (the visitor's public read, http/public-read.ts).
 */
export function peekTournaments(deps: Deps): Tournament[] | undefined {
  const stored = deps.cache.peek<StoredTournament[]>(TOURNAMENTS_CACHE_KEY);
  return stored && flagged(stored, deps.now());
}

/** The cached rows with their flags as of `now`, kept for the UTC day. */
function flagged(stored: StoredTournament[], now: Date): Tournament[] {
  const ms = now.getTime();
  const kept = withFlags.get(stored);
  // A comparison of numbers per read: a public read runs this thousands of times a minute.
  if (kept && ms >= kept.from && ms < kept.until) return kept.list;
  const from = utcDayStart(utcDay(now));
  const list = stored.map((t) => ({ ...t, ...tournamentStatus(t, now) }));
  withFlags.set(stored, { from, until: from + DAY_MS, list });
  return list;
}

/** The next tournament (docs/product.md §4), or undefined when none is scheduled. */
export async function getNextTournament(deps: Deps): Promise<Tournament | undefined> {
  return nextTournament(await listTournaments(deps), deps.now());
}

export type EventTypeRow = Pick<
  typeof eventTypes.$inferSelect,
  'id' | 'title' | 'description' | 'showOnHomepage' | 'decidedBy'
>;

export function listEventTypes(deps: Deps): Promise<EventTypeRow[]> {
  return deps.cache.get(EVENT_TYPES_CACHE_KEY, () =>
    deps.database.db
      .select({
        id: eventTypes.id,
        title: eventTypes.title,
        description: eventTypes.description,
        showOnHomepage: eventTypes.showOnHomepage,
        decidedBy: eventTypes.decidedBy,
      })
      .from(eventTypes)
      .orderBy(asc(eventTypes.sortOrder), asc(eventTypes.id)),
  );
}

/** `listEventTypes` without waiting, when the cache holds it (see `peekTournaments`). */
export function peekEventTypes(deps: Deps): EventTypeRow[] | undefined {
  return deps.cache.peek<EventTypeRow[]>(EVENT_TYPES_CACHE_KEY);
}

// ---- the admin's tournaments ----

type TournamentInput = z.output<typeof TournamentInputSchema>;

const TOURNAMENT_NOT_FOUND = notFoundText('tournament');

async function readTournament(db: Db | Tx, id: number): Promise<StoredTournament | undefined> {
  const [t] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!t) return undefined;
  const lines = await db
    .select()
    .from(tournamentScheduleLines)
    .where(eq(tournamentScheduleLines.tournamentId, id))
    .orderBy(asc(tournamentScheduleLines.sortOrder), asc(tournamentScheduleLines.id));
  return toStoredTournament(t, lines);
}

async function usage(db: Db | Tx, id: number) {
  const [[regs], [evs]] = await Promise.all([
    db.select({ n: count() }).from(registrations).where(eq(registrations.tournamentId, id)),
    db.select({ n: count() }).from(events).where(eq(events.tournamentId, id)),
  ]);
  return { registrationCount: regs?.n ?? 0, eventCount: evs?.n ?? 0 };
}

async function present(deps: Deps, db: Db | Tx, t: StoredTournament): Promise<AdminTournament> {
  return { ...t, ...tournamentStatus(t, deps.now()), ...(await usage(db, t.id)) };
}

/** Every tournament, newest first, with its flags and what it holds. */
export async function adminListTournaments(deps: Deps): Promise<AdminTournament[]> {
  const db = deps.database.db;
  const rows = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .orderBy(asc(tournaments.tournamentDate));
  const out: AdminTournament[] = [];
  for (const { id } of rows.reverse()) {
    const t = await readTournament(db, id);
    if (t) out.push(await present(deps, db, t));
  }
  return out;
}

export async function adminGetTournament(deps: Deps, id: number): Promise<AdminTournament> {
  const t = await readTournament(deps.database.db, id);
  if (!t) throw notFound(TOURNAMENT_NOT_FOUND);
  return present(deps, deps.database.db, t);
}

function columns(input: TournamentInput) {
  return {
    tournamentDate: input.tournamentDate,
    registrationOpensOn: input.registrationOpensOn,
    registrationClosesAfter: input.registrationClosesAfter,
    competitorOnlineCost: input.competitorOnlineCost,
    competitorDoorCost: input.competitorDoorCost,
    spectatorCost: input.spectatorCost,
    lunchCost: input.lunchCost,
    city: input.city,
    venue: input.venue,
    inPersonRegistrationTimes: input.inPersonRegistrationTimes,
    blackBeltMeetingTime: input.blackBeltMeetingTime,
    eliminationTime: input.eliminationTime,
  };
}

async function writeSchedule(tx: Tx, tournamentId: number, input: TournamentInput) {
  await tx.delete(tournamentScheduleLines).where(eq(tournamentScheduleLines.tournamentId, tournamentId));
  if (input.schedule.length === 0) return;
  await tx
    .insert(tournamentScheduleLines)
    .values(
      [...input.schedule]
        .sort((a, b) => a.order - b.order)
        .map((l) => ({ tournamentId, sortOrder: l.order, line1: l.line1, line2: l.line2 })),
    );
}

export async function createTournament(deps: Deps, caller: Caller, input: TournamentInput) {
  const created = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.insert(tournaments).values(columns(input)).returning({ id: tournaments.id });
    if (!row) throw new Error('tournament insert returned nothing');
    await writeSchedule(tx, row.id, input);
    const after = await readTournament(tx, row.id);
    await writeAudit(
      tx,
      caller,
      { entity: 'tournament', entityId: row.id, action: 'create', before: null, after },
      deps.now(),
    );
    return row.id;
  });
  await deps.cache.invalidate(TOURNAMENTS_CACHE_KEY);
  return adminGetTournament(deps, created);
}

export async function updateTournament(deps: Deps, caller: Caller, id: number, input: TournamentInput) {
  await deps.database.db.transaction(async (tx) => {
    const before = await readTournament(tx, id);
    if (!before) throw notFound(TOURNAMENT_NOT_FOUND);
    await tx
      .update(tournaments)
      .set({ ...columns(input), updatedAt: deps.now() })
      .where(eq(tournaments.id, id));
    await writeSchedule(tx, id, input);
    const after = await readTournament(tx, id);
    await writeAudit(
      tx,
      caller,
      { entity: 'tournament', entityId: id, action: 'update', before, after },
      deps.now(),
    );
  });
  await deps.cache.invalidate(TOURNAMENTS_CACHE_KEY);
  return adminGetTournament(deps, id);
}

/** Decision 007: a tournament with registrations cannot be deleted; its events go with it. */
export async function deleteTournament(deps: Deps, caller: Caller, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    // Lock the row first: a registration being made for it now finishes before we count.
    await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id)).for('update');
    const before = await readTournament(tx, id);
    if (!before) throw notFound(TOURNAMENT_NOT_FOUND);
    const refusal = tournamentDeleteRefusal((await usage(tx, id)).registrationCount);
    if (refusal) throw new DomainError('tournament_in_use', refusal, 409);
    await tx.delete(tournaments).where(eq(tournaments.id, id));
    await writeAudit(
      tx,
      caller,
      { entity: 'tournament', entityId: id, action: 'delete', before, after: null },
      deps.now(),
    );
  });
  await deps.cache.invalidate(TOURNAMENTS_CACHE_KEY);
}

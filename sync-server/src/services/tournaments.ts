import { asc } from 'drizzle-orm';
import { nextTournament, tournamentStatus, utcDay, utcDayStart, type Tournament } from '@tournament/shared';
import { eventTypes, tournamentScheduleLines, tournaments } from '../db/schema.ts';
import type { Deps } from '../deps.ts';

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

/** Every tournament, oldest first, with its SPEC.md section 4 flags as of now. Shared: do not mutate. */
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

/** The next tournament (SPEC.md section 4), or undefined when none is scheduled. */
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

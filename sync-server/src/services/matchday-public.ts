import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_LEADERBOARD_GROUPS,
  estimatedStarts,
  grandChampionLeaderboard,
  leaderboardCompetitor,
  publicCompetitorName,
  ringDay,
  ringAssignmentsFromRows,
  type CompetitorScheduleEntry,
  type PublicResults,
  type SignageRing,
  type RingDay,
  type Tournament,
  notFoundText,
} from '@tournament/shared';
import { competitors, divisionEntries, registrations } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../lib/errors.ts';
import {
  divisionEntryRows,
  divisionResultRows,
  divisionRows,
  matchdaySettingsRows,
  ringRows,
} from '../sync/matchday-rows.ts';
import { getSiteSettings } from './site-settings.ts';
import { listTournaments } from './tournaments.ts';

// The public reads of matchday (decision 022): the signage TVs' ring assignments and the
// results page. Both are cached per tournament and dropped whenever the matchday or signage
// scope is poked (sync/push.ts `poke`: ring edits, publishing, every matchday push), on this
// server and, through NOTIFY, on the others.

export const signageCacheKey = (tournamentId: number) => `signage:${tournamentId}`;
export const resultsCacheKey = (tournamentId: number) => `results:${tournamentId}`;

/** The cache keys of a tournament's public matchday reads. */
export const matchdayReadKeys = (tournamentId: number) => [
  signageCacheKey(tournamentId),
  resultsCacheKey(tournamentId),
];

/** Drops the cached public matchday reads of a tournament (after a matchday or rings write). */
export async function dropMatchdayReads(deps: Deps, tournamentId: number): Promise<void> {
  await Promise.all(matchdayReadKeys(tournamentId).map((key) => deps.cache.invalidate(key)));
}

export const TOURNAMENT_NOT_FOUND = notFoundText('tournament');

export async function requireTournament(deps: Deps, tournamentId: number): Promise<Tournament> {
  const found = (await listTournaments(deps)).find((t) => t.id === tournamentId);
  if (!found) throw notFound(TOURNAMENT_NOT_FOUND);
  return found;
}

/**
 * GET /api/signage/ring-assignments/{tournamentId} (docs/product.md §3 and §7): every ring in its
 * order with its current division and its other divisions in queue order (completed ones
 * flagged; the screen leaves them out). Titles and event types only: no personal data.
 */
export async function signageRingAssignments(deps: Deps, tournamentId: number): Promise<SignageRing[]> {
  const tournament = await requireTournament(deps, tournamentId);
  return deps.cache.get(signageCacheKey(tournamentId), async () => {
    const db = deps.database.db;
    const [ringList, divisions] = await Promise.all([
      ringRows(db, { tournament }),
      divisionRows(db, { tournament }),
    ]);
    return ringAssignmentsFromRows(ringList, divisions);
  });
}

// ---- Results ----

/**
 * GET /api/results/{tournamentId}: the completed divisions with each event type's placings,
 * and the Grand Championship leaderboard over every completed result (the tournament's
 * leaderboard groups, else the default ones). People appear as a first name, a last initial and
 * a school where their family allowed it, else as "Competitor 12" and a school (decision 043);
 * nothing else (no dates of birth).
 */
export async function publicResults(deps: Deps, tournamentId: number): Promise<PublicResults> {
  const tournament = await requireTournament(deps, tournamentId);
  return deps.cache.get(resultsCacheKey(tournamentId), async () => {
    const db = deps.database.db;
    const f = { tournament };
    const [divisions, results, entries, settings] = await Promise.all([
      divisionRows(db, f),
      divisionResultRows(db, f),
      divisionEntryRows(db, f),
      matchdaySettingsRows(db, f),
    ]);
    const completed = divisions.filter((d) => d.status === 'completed');
    const completedIds = new Set(completed.map((d) => d.id));
    const people = new Map(entries.map((e) => [e.competitorId, e]));
    // Decision 043: named only where the family allowed it, else "Competitor 12".
    const ids = [...people.keys()];
    const naming =
      ids.length === 0
        ? []
        : await db
            .select({
              id: competitors.id,
              publishName: competitors.publishName,
              erasedAt: competitors.erasedAt,
            })
            .from(competitors)
            .where(inArray(competitors.id, ids));
    const named = new Set(naming.filter((r) => r.publishName).map((r) => r.id));
    // Decision 046: an erased family's child shows as "Former competitor", with the school.
    const erased = new Set(naming.filter((r) => r.erasedAt !== null).map((r) => r.id));
    const person = (competitorId: number) => {
      const e = people.get(competitorId);
      if (!e) return { name: '', school: '' };
      const name = publicCompetitorName({
        id: competitorId,
        firstName: e.firstName,
        lastName: e.lastName,
        publishName: named.has(competitorId),
        erased: erased.has(competitorId),
      });
      return { name, school: e.school };
    };
    const standing = results.filter((r) => completedIds.has(r.divisionId) && r.placings !== null);

    const publicDivisions = completed.map((d) => ({
      divisionId: d.id,
      title: d.title,
      eventTypes: d.eventTypes,
      completedAt: d.completedAt,
      results: d.eventTypeIds.flatMap((eventTypeId, i) => {
        const r = standing.find((x) => x.divisionId === d.id && x.eventTypeId === eventTypeId);
        if (!r?.placings) return [];
        return [
          {
            eventTypeId,
            eventType: d.eventTypes[i] ?? d.rules.find((x) => x.eventTypeId === eventTypeId)?.title ?? '',
            placings: [...r.placings]
              .sort((a, b) => a.place - b.place || a.competitorId - b.competitorId)
              .map((p) => ({ place: p.place, ...person(p.competitorId) })),
          },
        ];
      }),
    }));

    // One row per competitor (one may be in several divisions).
    // The server's own rows always carry the age (only a ring official's pull leaves it out).
    const entrants = [...people.values()].flatMap((e) => leaderboardCompetitor(e) ?? []);
    const groups = settings[0]?.leaderboardGroups.length
      ? settings[0].leaderboardGroups
      : DEFAULT_LEADERBOARD_GROUPS;
    const leaderboard = grandChampionLeaderboard(
      standing.map((r) => ({
        divisionId: r.divisionId,
        eventTypeId: r.eventTypeId,
        placings: r.placings ?? [],
      })),
      entrants,
      groups,
    ).map((section) => ({
      groupId: section.group.id,
      label: section.group.label,
      rows: section.rows.map((row) => ({
        rank: row.rank,
        tied: row.tied,
        ...person(row.competitorId),
        points: row.points,
      })),
    }));
    return { tournamentId, divisions: publicDivisions, leaderboard };
  });
}

// ---- A family's schedule ----

/**
 * The rings' start and lunch from `tournament`'s schedule, in the site's time zone: what every
 * estimate counts from (decision 052).
 */
export async function tournamentRingDay(deps: Deps, tournament: Tournament): Promise<RingDay> {
  const { timeZone } = await getSiteSettings(deps);
  return ringDay(tournament.schedule, tournament.tournamentDate, timeZone);
}

/**
 * GET /api/registration/schedule/{tournamentId}: each of the caller's own competitors (their
 * registrations of the tournament; a director viewing as the family is that family) in each
 * division they are in, with its ring, status and estimated start (estimateRing over the
 * ring's queue, from each division's event type rules; null when not on a ring or completed),
 * the child's placings once it completed, and the name the public results give the child (the
 * family's day page and the results page highlight their own; docs/decisions/051-family-day-page.md).
 */
export async function competitorSchedule(
  deps: Deps,
  caller: Caller,
  tournamentId: number,
): Promise<CompetitorScheduleEntry[]> {
  const tournament = await requireTournament(deps, tournamentId);
  const db = deps.database.db;
  const own = await db
    .select({
      competitorId: competitors.id,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      publishName: competitors.publishName,
      erasedAt: competitors.erasedAt,
      divisionId: divisionEntries.divisionId,
    })
    .from(divisionEntries)
    .innerJoin(competitors, eq(competitors.id, divisionEntries.competitorId))
    .innerJoin(registrations, eq(registrations.id, competitors.registrationId))
    .where(
      and(
        eq(registrations.ownerUserId, caller.personId),
        eq(registrations.tournamentId, tournamentId),
        eq(divisionEntries.tournamentId, tournamentId),
      ),
    )
    .orderBy(asc(competitors.id), asc(divisionEntries.divisionId));
  if (own.length === 0) return [];
  const [divisions, ringList, results] = await Promise.all([
    divisionRows(db, { tournament }),
    ringRows(db, { tournament }),
    divisionResultRows(db, { tournament }),
  ]);
  const byId = new Map(divisions.map((d) => [d.id, d]));
  const ringName = new Map(ringList.map((r) => [r.id, r.name]));
  const estimates = estimatedStarts(divisions, deps.now(), await tournamentRingDay(deps, tournament));
  return own.flatMap((o) => {
    const d = byId.get(o.divisionId);
    if (!d) return [];
    // The child's own placings, once the division completed (as the public results show them).
    const placings =
      d.status !== 'completed'
        ? []
        : d.eventTypeIds.flatMap((eventTypeId, i) => {
            const r = results.find((x) => x.divisionId === d.id && x.eventTypeId === eventTypeId);
            const p = r?.placings?.find((x) => x.competitorId === o.competitorId);
            return p ? [{ eventTypeId, eventType: d.eventTypes[i] ?? '', place: p.place }] : [];
          });
    return [
      {
        competitorId: o.competitorId,
        firstName: o.firstName,
        divisionId: d.id,
        title: d.title,
        eventTypes: d.eventTypes,
        ringName: d.ringId === null ? null : (ringName.get(d.ringId) ?? null),
        status: d.status,
        estimatedStart: d.ringId === null || d.status === 'completed' ? null : (estimates.get(d.id) ?? null),
        placings,
        publicName: publicCompetitorName({
          id: o.competitorId,
          firstName: o.firstName,
          lastName: o.lastName,
          publishName: o.publishName,
          erased: o.erasedAt !== null,
        }),
      },
    ];
  });
}

import { and, eq, inArray } from 'drizzle-orm';
import {
  drawFits,
  ROUND_ROBIN_UP_TO,
  presentEntries,
  sheetBracket,
  sheetEventTypes,
  type Sheet,
  type Sheets,
  notFoundText,
} from '@tournament/shared';
import {
  competitorLevels,
  competitors,
  divisionEntries,
  divisionResults,
  draftDivisions,
  matchmakingDrafts,
  ringDivisions,
  rings,
  tournaments,
} from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../lib/errors.ts';
import { matchdayRules } from '../sync/matchday-rows.ts';
import { getDraft } from './matchmaking/index.ts';
import { latestPublication } from './matchmaking/queries.ts';

// Division sheets (decision 017): one printed page per division of a draft. Decision 050: when
// the draft is the tournament's published one, each sheet is read from the live division the
// rings run (a published division's id is its draft division's): its ring and queue place, the
// competitors the tablet runs (presentEntries), each event type's judges as the tablet scores
// them (matchdayRules) and the bracket as drawn and stored with the division (sheetBracket, the
// tablet's own bracket). An unpublished draft prints from the draft, with nothing drawn.

type LiveDivision = {
  ring: string | null;
  queuePosition: number | null;
  status: 'upcoming' | 'current' | 'completed';
  changeVersion: number;
  entries: { competitorId: number; noShow: boolean }[];
  draws: Map<number, number[] | null>;
};

/** The live divisions of these draft divisions, when the draft is the published one. */
async function liveDivisions(
  deps: Deps,
  draftId: number,
  tournamentId: number,
  ids: number[],
): Promise<Map<number, LiveDivision>> {
  const db = deps.database.db;
  const live = new Map<number, LiveDivision>();
  const pub = await latestPublication(db, tournamentId);
  if (!pub || pub.draftId !== draftId || ids.length === 0) return live;
  const [divisions, ringRows, entries, results] = await Promise.all([
    db
      .select()
      .from(ringDivisions)
      .where(and(eq(ringDivisions.tournamentId, tournamentId), inArray(ringDivisions.id, ids))),
    db.select({ id: rings.id, name: rings.name }).from(rings).where(eq(rings.tournamentId, tournamentId)),
    db
      .select({
        divisionId: divisionEntries.divisionId,
        competitorId: divisionEntries.competitorId,
        noShow: divisionEntries.noShow,
        version: divisionEntries.version,
      })
      .from(divisionEntries)
      .where(inArray(divisionEntries.divisionId, ids)),
    db
      .select({
        divisionId: divisionResults.divisionId,
        eventTypeId: divisionResults.eventTypeId,
        draw: divisionResults.draw,
        version: divisionResults.version,
      })
      .from(divisionResults)
      .where(inArray(divisionResults.divisionId, ids)),
  ]);
  const ringName = new Map(ringRows.map((r) => [r.id, r.name]));
  for (const d of divisions) {
    const mine = [...entries, ...results].filter((r) => r.divisionId === d.id);
    live.set(d.id, {
      changeVersion: Math.max(d.version, ...mine.map((r) => r.version)),
      ring: d.ringId === null ? null : (ringName.get(d.ringId) ?? null),
      queuePosition: d.ringId !== null && d.status === 'upcoming' ? d.queueOrder : null,
      status: d.status,
      entries: entries.filter((e) => e.divisionId === d.id),
      draws: new Map(results.filter((r) => r.divisionId === d.id).map((r) => [r.eventTypeId, r.draw])),
    });
  }
  return live;
}

export async function draftSheets(deps: Deps, draftId: number, onlyDivisionId?: number): Promise<Sheets> {
  const view = await getDraft(deps, draftId);
  const db = deps.database.db;
  const asked = view.divisions.filter((d) => onlyDivisionId === undefined || d.id === onlyDivisionId);
  const [levels, rules, live] = await Promise.all([
    db.select({ id: competitorLevels.id, name: competitorLevels.name }).from(competitorLevels),
    matchdayRules(db),
    liveDivisions(
      deps,
      view.draft.id,
      view.draft.tournament.id,
      asked.map((d) => d.id),
    ),
  ]);
  // Every sheet leaves out a division emptied by moves that no ring runs (never published,
  // nothing to print); one a ring still runs prints, as the tablets show it; one asked for by
  // its id prints whatever it holds.
  const chosen = asked.filter(
    (d) => onlyDivisionId !== undefined || d.competitorIds.length > 0 || live.has(d.id),
  );
  const levelName = new Map(levels.map((l) => [l.id, l.name]));
  const people = new Map(view.competitors.map((c) => [c.id, c]));
  // The competitors each sheet lists: those the tablet runs, or the draft's before publishing.
  const runners = new Map(
    chosen.map((d) => {
      const l = live.get(d.id);
      return [d.id, l ? presentEntries(l.entries).map((e) => e.competitorId) : d.competitorIds];
    }),
  );
  // Decision 043: the photographer reads "no photos" beside a competitor whose family said no.
  const memberIds = [...new Set([...runners.values()].flat())];
  const photosAllowed = new Set(
    memberIds.length === 0
      ? []
      : (
          await db
            .select({ id: competitors.id, allowed: competitors.photosAllowed })
            .from(competitors)
            .where(inArray(competitors.id, memberIds))
        )
          .filter((r) => r.allowed)
          .map((r) => r.id),
  );
  const sheets: Sheet[] = chosen.map((d) => {
    const l = live.get(d.id);
    const members = (runners.get(d.id) ?? [])
      .map((id) => people.get(id))
      .filter((c) => c !== undefined)
      .sort(
        (a, b) =>
          a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id,
      );
    const divisionRules = d.eventTypeIds.flatMap((id) => {
      const r = rules.get(id);
      return r ? [r] : [];
    });
    const presentIds = runners.get(d.id) ?? [];
    return {
      division: {
        id: d.id,
        title: d.title,
        eventTypes: sheetEventTypes(divisionRules),
        ring: l?.ring ?? null,
        queuePosition: l?.queuePosition ?? null,
        status: l?.status ?? null,
        changeVersion: l?.changeVersion ?? null,
        overrides: d.overrides,
        note: d.note,
      },
      competitors: members.map((c) => ({
        id: c.id,
        name: `${c.firstName} ${c.lastName}`,
        school: c.school,
        level: c.competitorLevelId === null ? '' : (levelName.get(c.competitorLevelId) ?? ''),
        age: c.age,
        weight: c.weight,
        checkedIn: c.checkedIn,
        photosAllowed: photosAllowed.has(c.id),
      })),
      brackets: divisionRules
        .filter((r) => r.decidedBy === 'bracket')
        .map((r) => {
          const draw = l?.draws.get(r.eventTypeId) ?? null;
          const drawn = draw === null ? null : sheetBracket(draw, r.thirdPlace);
          return {
            eventTypeId: r.eventTypeId,
            title: r.title,
            drawn: drawn !== null,
            fits: draw === null || drawFits(draw, presentIds),
            kind:
              drawn?.kind ?? (presentIds.length <= ROUND_ROBIN_UP_TO ? 'roundRobin' : 'singleElimination'),
            rounds: drawn?.rounds ?? [],
          };
        }),
    };
  });
  return {
    draft: {
      id: view.draft.id,
      name: view.draft.name,
      status: view.draft.status,
      tournamentDate: view.draft.tournament.tournamentDate,
      city: view.draft.tournament.city,
    },
    sheets,
  };
}

/** The sheet of one draft division, wherever its draft is. */
export async function divisionSheet(deps: Deps, draftDivisionId: number): Promise<Sheets> {
  const [row] = await deps.database.db
    .select({ draftId: draftDivisions.draftId })
    .from(draftDivisions)
    .innerJoin(matchmakingDrafts, eq(matchmakingDrafts.id, draftDivisions.draftId))
    .innerJoin(tournaments, eq(tournaments.id, matchmakingDrafts.tournamentId))
    .where(eq(draftDivisions.id, draftDivisionId));
  if (!row) throw notFound(notFoundText('division'));
  return draftSheets(deps, row.draftId, draftDivisionId);
}

import { asc, eq, inArray } from 'drizzle-orm';
import { drawBracket, type Sheet, type Sheets, notFoundText } from '@tournament/shared';
import {
  competitorLevels,
  competitors,
  draftDivisions,
  eventTypes,
  matchmakingDrafts,
  tournaments,
} from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../lib/errors.ts';
import { getDraft } from './matchmaking/index.ts';

// Division sheets (decision 017): one printed page per division of a draft, read from the
// same view as the draft page so a sheet never disagrees with the screen. Rings are not built
// yet: ring and queue place stay null until the rings issue assigns them.

export async function draftSheets(deps: Deps, draftId: number, onlyDivisionId?: number): Promise<Sheets> {
  const view = await getDraft(deps, draftId);
  const db = deps.database.db;
  const [levels, types] = await Promise.all([
    db.select({ id: competitorLevels.id, name: competitorLevels.name }).from(competitorLevels),
    db
      .select({ id: eventTypes.id, title: eventTypes.title, decidedBy: eventTypes.decidedBy })
      .from(eventTypes)
      .orderBy(asc(eventTypes.sortOrder), asc(eventTypes.id)),
  ]);
  const levelName = new Map(levels.map((l) => [l.id, l.name]));
  const people = new Map(view.competitors.map((c) => [c.id, c]));
  const chosen = view.divisions.filter((d) => onlyDivisionId === undefined || d.id === onlyDivisionId);
  // Decision 043: the photographer reads "no photos" beside a competitor whose family said no.
  const memberIds = [...new Set(chosen.flatMap((d) => d.competitorIds))];
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
    const members = d.competitorIds
      .map((id) => people.get(id))
      .filter((c) => c !== undefined)
      .sort(
        (a, b) =>
          a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id,
      );
    const divisionTypes = types.filter((t) => d.eventTypeIds.includes(t.id));
    return {
      division: {
        id: d.id,
        title: d.title,
        eventTypes: divisionTypes,
        ring: null,
        queuePosition: null,
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
      bracket: divisionTypes.some((t) => t.decidedBy === 'bracket')
        ? drawBracket(members.map((c) => c.id))
        : null,
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

import { ageOn as ageOnDay } from '../competitor.ts';
import { GRAND_CHAMPION_POINTS } from '../costs.ts';
import type { Placing } from './types.ts';

// Grand Championship (docs/product.md §9; docs/design.md §5): 1st 100, 2nd 75, 3rd 50, 4th 25
// in each event type, summed per competitor; the leaderboard groups them by age band and gender.
// The points table already lives with the other SPEC section 9 figures: one binding, re-exported
// (a second constant would also clash with it at the package root).
export { GRAND_CHAMPION_POINTS };

export interface LeaderboardGroup {
  id: string;
  label: string;
  minAge: number;
  maxAge: number;
  /** SPEC section 3: 1 Male, 2 Female; null both. */
  gender: 1 | 2 | null;
}

/** Age bands by gender; a director can configure others. */
export const DEFAULT_LEADERBOARD_GROUPS: LeaderboardGroup[] = [
  { id: 'boys-12-under', label: 'Boys 12 and under', minAge: 0, maxAge: 12, gender: 1 },
  { id: 'girls-12-under', label: 'Girls 12 and under', minAge: 0, maxAge: 12, gender: 2 },
  { id: 'boys-13-17', label: 'Boys 13 to 17', minAge: 13, maxAge: 17, gender: 1 },
  { id: 'girls-13-17', label: 'Girls 13 to 17', minAge: 13, maxAge: 17, gender: 2 },
  { id: 'men-18-plus', label: 'Men 18+', minAge: 18, maxAge: 200, gender: 1 },
  { id: 'women-18-plus', label: 'Women 18+', minAge: 18, maxAge: 200, gender: 2 },
];

export interface LeaderboardCompetitor {
  id: number;
  firstName: string;
  lastName: string;
  school: string;
  age: number;
  gender: 1 | 2;
}

export interface EventResult {
  divisionId: number;
  eventTypeId: number;
  placings: readonly Placing[];
}

export interface LeaderboardRow {
  competitorId: number;
  points: number;
  /** Ties share a rank (1, 1, 3). */
  rank: number;
  tied: boolean;
  byEventType: Record<number, number>;
}

export interface LeaderboardSection {
  group: LeaderboardGroup;
  /** Points descending, then name for a stable order. */
  rows: LeaderboardRow[];
}

/**
 * A division entry as the leaderboard counts it: gender 1 Male, anything else Female; null
 * without an age (a ring official's pull leaves it out; the server's own rows always carry it).
 */
export function leaderboardCompetitor(e: {
  competitorId: number;
  firstName: string;
  lastName: string;
  school: string;
  age: number | null;
  gender: number | null;
}): LeaderboardCompetitor | null {
  if (e.age === null) return null;
  const { competitorId: id, firstName, lastName, school, age } = e;
  return { id, firstName, lastName, school, age, gender: e.gender === 1 ? 1 : 2 };
}

/**
 * Points per competitor, in the first group that fits each one (groups may overlap; the order
 * given decides). Competitors with no points are left out; every group gets a section, in order.
 */
export function grandChampionLeaderboard(
  results: readonly EventResult[],
  competitors: readonly LeaderboardCompetitor[],
  groups: readonly LeaderboardGroup[],
): LeaderboardSection[] {
  const points = new Map<number, { total: number; byEventType: Record<number, number> }>();
  for (const result of results) {
    for (const p of result.placings) {
      const earned = GRAND_CHAMPION_POINTS[p.place];
      const entry = points.get(p.competitorId) ?? { total: 0, byEventType: {} };
      entry.total += earned;
      entry.byEventType[result.eventTypeId] = (entry.byEventType[result.eventTypeId] ?? 0) + earned;
      points.set(p.competitorId, entry);
    }
  }
  const sections = groups.map((group) => ({ group, members: [] as LeaderboardCompetitor[] }));
  for (const c of competitors) {
    if (!points.get(c.id)?.total) continue;
    const section = sections.find(
      ({ group: g }) =>
        c.age >= g.minAge && c.age <= g.maxAge && (g.gender === null || g.gender === c.gender),
    );
    section?.members.push(c);
  }
  return sections.map(({ group, members }) => {
    const totalOf = (c: LeaderboardCompetitor) => points.get(c.id)!.total;
    const ordered = [...members].sort(
      (a, b) =>
        totalOf(b) - totalOf(a) ||
        a.lastName.localeCompare(b.lastName, 'en-CA') ||
        a.firstName.localeCompare(b.firstName, 'en-CA') ||
        a.id - b.id,
    );
    const rows = ordered.map((c) => {
      const total = totalOf(c);
      return {
        competitorId: c.id,
        points: total,
        rank: 1 + ordered.filter((o) => totalOf(o) > total).length,
        tied: ordered.some((o) => o !== c && totalOf(o) === total),
        byEventType: { ...points.get(c.id)!.byEventType },
      };
    });
    return { group, rows };
  });
}

/** The public results page shows a first name and a last initial: "Sam K.". */
export function publicName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = ([...lastName.trim()][0] ?? '').toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

/** Whole years on `onDate` (both YYYY-MM-DD); throws for a date that does not exist. */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const age = ageOnDay(dateOfBirth, onDate);
  if (age === undefined) throw new RangeError(`Not a YYYY-MM-DD date: ${dateOfBirth} or ${onDate}`);
  return age;
}

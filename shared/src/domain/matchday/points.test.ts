import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEADERBOARD_GROUPS,
  GRAND_CHAMPION_POINTS,
  ageOn,
  grandChampionLeaderboard,
  leaderboardCompetitor,
  publicName,
  type EventResult,
  type LeaderboardCompetitor,
} from './points.ts';
import type { Placing } from './types.ts';

let nextId = 1;
function makeCompetitor(over: Partial<LeaderboardCompetitor> = {}): LeaderboardCompetitor {
  const id = nextId++;
  return { id, firstName: `First${id}`, lastName: `Last${id}`, school: 'Dojo', age: 10, gender: 1, ...over };
}
const result = (eventTypeId: number, ...placings: [number, Placing['place']][]): EventResult => ({
  divisionId: 1,
  eventTypeId,
  placings: placings.map(([competitorId, place]) => ({ competitorId, place })),
});
const FORMS = 1;
const SPARRING = 2;

describe('Grand Championship leaderboard', () => {
  it('gives 100/75/50/25 for places 1 to 4 (SPEC section 9)', () => {
    const cs = [1, 2, 3, 4].map(() => makeCompetitor());
    const [section] = grandChampionLeaderboard(
      [result(FORMS, [cs[0]!.id, 1], [cs[1]!.id, 2], [cs[2]!.id, 3], [cs[3]!.id, 4])],
      cs,
      [DEFAULT_LEADERBOARD_GROUPS[0]!],
    );
    expect(section!.rows.map((r) => r.points)).toEqual([100, 75, 50, 25]);
  });

  it('sums points across event types per competitor, and keeps them per event type', () => {
    const sam = makeCompetitor();
    const [section] = grandChampionLeaderboard(
      [result(FORMS, [sam.id, 1]), result(SPARRING, [sam.id, 3])],
      [sam],
      DEFAULT_LEADERBOARD_GROUPS,
    );
    expect(section!.rows[0]).toMatchObject({ points: 150, byEventType: { [FORMS]: 100, [SPARRING]: 50 } });
  });

  it('groups competitors by age band and gender, each in the first group that fits', () => {
    const boy = makeCompetitor({ age: 9, gender: 1 });
    const girl = makeCompetitor({ age: 9, gender: 2 });
    const woman = makeCompetitor({ age: 30, gender: 2 });
    const sections = grandChampionLeaderboard(
      [result(FORMS, [boy.id, 1], [girl.id, 2], [woman.id, 3])],
      [boy, girl, woman],
      DEFAULT_LEADERBOARD_GROUPS,
    );
    const members = Object.fromEntries(
      sections.map((s) => [s.group.label, s.rows.map((r) => r.competitorId)]),
    );
    expect(members['Boys 12 and under']).toEqual([boy.id]);
    expect(members['Girls 12 and under']).toEqual([girl.id]);
    expect(members['Women 18+']).toEqual([woman.id]);
    const everyone = grandChampionLeaderboard(
      [result(FORMS, [boy.id, 1], [girl.id, 2])],
      [boy, girl],
      [{ id: 'all', label: 'Everyone', minAge: 0, maxAge: 200, gender: null }, ...DEFAULT_LEADERBOARD_GROUPS],
    );
    expect(everyone[0]!.rows).toHaveLength(2);
    expect(everyone.slice(1).every((s) => s.rows.length === 0)).toBe(true);
  });

  it('ties share a rank and show as ties', () => {
    const a = makeCompetitor({ lastName: 'Baker' });
    const b = makeCompetitor({ lastName: 'Adams' });
    const c = makeCompetitor();
    const [section] = grandChampionLeaderboard(
      [result(FORMS, [a.id, 1], [c.id, 2]), result(SPARRING, [b.id, 1])],
      [a, b, c],
      DEFAULT_LEADERBOARD_GROUPS,
    );
    expect(section!.rows.map((r) => [r.competitorId, r.rank, r.tied])).toEqual([
      [b.id, 1, true],
      [a.id, 1, true],
      [c.id, 3, false],
    ]);
  });

  it('leaves out competitors with no points and those no group fits', () => {
    const none = makeCompetitor();
    const old = makeCompetitor({ age: 40 });
    const sections = grandChampionLeaderboard(
      [result(FORMS, [old.id, 1])],
      [none, old],
      DEFAULT_LEADERBOARD_GROUPS.slice(0, 2),
    );
    expect(sections.flatMap((s) => s.rows)).toEqual([]);
  });

  it('counts a division entry as its competitor, gender 1 as Male and any other as Female, and not without an age', () => {
    const entry = { competitorId: 4, firstName: 'Ana', lastName: 'Lee', school: 'Dojo', age: 11, gender: 2 };
    expect(leaderboardCompetitor(entry)).toEqual({
      id: 4,
      firstName: 'Ana',
      lastName: 'Lee',
      school: 'Dojo',
      age: 11,
      gender: 2,
    });
    expect(leaderboardCompetitor({ ...entry, gender: 1 })?.gender).toBe(1);
    expect(leaderboardCompetitor({ ...entry, age: null })).toBeNull();
  });

  it('the points table is the one SPEC section 9 gives', () => {
    expect(GRAND_CHAMPION_POINTS).toEqual({ 1: 100, 2: 75, 3: 50, 4: 25 });
  });
});

describe('names and ages', () => {
  it('the public results page shows a first name and a last initial', () => {
    expect(publicName('Sam', 'kowalski')).toBe('Sam K.');
    expect(publicName(' Ana ', '')).toBe('Ana');
  });

  it('age counts whole years, the birthday included', () => {
    expect(ageOn('2014-06-15', '2026-06-14')).toBe(11);
    expect(ageOn('2014-06-15', '2026-06-15')).toBe(12);
    expect(() => ageOn('2014-02-30', '2026-06-15')).toThrow(RangeError);
  });
});

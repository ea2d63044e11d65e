import { describe, expect, it } from 'vitest';
import { drawSeeds, mulberry32, sameSchoolFirstRound, type DrawEntrant } from './draw.ts';

/** Entrants 1..n, school by index from `schools` (cycled). */
function makeEntrants(n: number, schools: readonly string[] = ['']): DrawEntrant[] {
  return Array.from({ length: n }, (_, i) => ({ competitorId: i + 1, school: schools[i % schools.length]! }));
}
const schoolMap = (entrants: readonly DrawEntrant[]) =>
  new Map(entrants.map((e) => [e.competitorId, e.school]));

describe('the draw', () => {
  it('is the same for the same seed, whatever order the entrants are listed in', () => {
    const entrants = makeEntrants(12, ['Tiger', 'Crane', '']);
    expect(drawSeeds([...entrants].reverse(), 42)).toEqual(drawSeeds(entrants, 42));
  });

  it('differs between seeds and keeps every entrant once', () => {
    const entrants = makeEntrants(16);
    const a = drawSeeds(entrants, 1);
    const b = drawSeeds(entrants, 2);
    expect(a).not.toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual(entrants.map((e) => e.competitorId));
  });

  it('keeps competitors of the same school apart in the first round', () => {
    // Two schools of four: a random draw pairs some of them; separation pairs none.
    const entrants = makeEntrants(8, ['North Dojo', 'south dojo']);
    for (let seed = 0; seed < 50; seed++) {
      expect(sameSchoolFirstRound(drawSeeds(entrants, seed), schoolMap(entrants))).toEqual([]);
    }
  });

  it('compares schools ignoring case and spaces', () => {
    const schools = new Map([
      [1, 'Tiger Dojo'],
      [2, 'tigerdojo '],
      [3, 'Crane'],
      [4, 'Heron'],
    ]);
    // Seeds 1 v 4 and 2 v 3 meet first.
    expect(sameSchoolFirstRound([1, 3, 4, 2], schools)).toEqual([[1, 2]]);
  });

  it('an empty school never clashes', () => {
    const entrants = makeEntrants(8, ['']);
    expect(sameSchoolFirstRound(drawSeeds(entrants, 5), schoolMap(entrants))).toEqual([]);
    expect(
      sameSchoolFirstRound(
        [1, 2, 3, 4],
        new Map([
          [1, ''],
          [2, ''],
          [3, ''],
          [4, ''],
        ]),
      ),
    ).toEqual([]);
  });

  it('a school with more members than first-round matches meets itself only as often as it must', () => {
    // 8 entrants, 4 first-round matches, 6 from one school: at least 2 same-school pairs.
    const entrants = makeEntrants(8, ['Big', 'Big', 'Big', 'Small', 'Big', 'Big', 'Other', 'Big']).map(
      (e, i) => ({
        ...e,
        school: i < 6 ? 'Big' : `Other ${i}`,
      }),
    );
    for (let seed = 0; seed < 20; seed++) {
      expect(sameSchoolFirstRound(drawSeeds(entrants, seed), schoolMap(entrants))).toHaveLength(2);
    }
  });

  it('uses the byes to keep a school apart', () => {
    // 5 entrants: 3 byes and one fought match; four of one school fit.
    const entrants = makeEntrants(5).map((e) => ({ ...e, school: e.competitorId <= 4 ? 'Same' : 'Else' }));
    for (let seed = 0; seed < 20; seed++) {
      expect(sameSchoolFirstRound(drawSeeds(entrants, seed), schoolMap(entrants))).toEqual([]);
    }
  });

  it('a round robin has no first round to warn about', () => {
    expect(
      sameSchoolFirstRound(
        [1, 2],
        new Map([
          [1, 'A'],
          [2, 'A'],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('the seeded random numbers', () => {
  it('repeat for a seed and stay in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });
});

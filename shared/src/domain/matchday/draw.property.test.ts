import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketSize } from './bracket.ts';
import { drawSeeds, sameSchoolFirstRound } from './draw.ts';

describe('the draw', () => {
  it('keeps every entrant once and leaves only the same-school pairs no draw could avoid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Tiger', 'tiger ', 'Crane', 'Heron', 'Lotus', ''), {
          minLength: 4,
          maxLength: 64,
        }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (schools, seed) => {
          const entrants = schools.map((school, i) => ({ competitorId: 1000 + i, school }));
          const draw = drawSeeds(entrants, seed);
          expect([...draw].sort((a, b) => a - b)).toEqual(entrants.map((e) => e.competitorId));
          // A first round has size/2 units (a match or a bye); a school can spread over all of them.
          const counts = new Map<string, number>();
          for (const s of schools) {
            const key = s.toLowerCase().trim();
            if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
          }
          const largest = Math.max(0, ...counts.values());
          const unavoidable = Math.max(0, largest - bracketSize(schools.length) / 2);
          const left = sameSchoolFirstRound(draw, new Map(entrants.map((e) => [e.competitorId, e.school])));
          expect(left).toHaveLength(unavoidable);
        },
      ),
      { numRuns: 150 },
    );
  });
});

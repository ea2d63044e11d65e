import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankJudged, type JudgeScore } from './judged.ts';

/** A score in hundredths from 0 to 10, few distinct values so that ties happen. */
const score = fc.integer({ min: 0, max: 20 }).map((x) => x / 2 + (x % 3) / 100);

const division = fc.record({
  judges: fc.constantFrom<3 | 5>(3, 5),
  sheets: fc.array(fc.array(score, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 12 }),
});

function scoresOf(sheets: readonly number[][], judges: number): JudgeScore[] {
  return sheets.flatMap((values, i) =>
    values.slice(0, judges).map((value, j) => ({ competitorId: i + 1, judge: j + 1, round: 0, value })),
  );
}

describe('judged ranking', () => {
  it('a better total never ranks lower, and the total leaves out one highest and one lowest', () => {
    fc.assert(
      fc.property(division, ({ judges, sheets }) => {
        const ids = sheets.map((_, i) => i + 1);
        const r = rankJudged(ids, scoresOf(sheets, judges), judges);
        expect(r.complete).toBe(true);
        for (const row of r.rows) {
          const h = sheets[row.competitorId - 1]!.slice(0, judges).map((v) => Math.round(v * 100));
          const expected = h.reduce((s, v) => s + v, 0) - Math.min(...h) - Math.max(...h);
          expect(Math.round(row.total! * 100)).toBe(expected);
        }
        for (const x of r.rows)
          for (const y of r.rows) if (x.total! > y.total!) expect(x.rank!).toBeLessThan(y.rank!);
      }),
      { numRuns: 150 },
    );
  });

  it('does not depend on the order scores arrive in', () => {
    fc.assert(
      fc.property(division, fc.integer(), ({ judges, sheets }, salt) => {
        const ids = sheets.map((_, i) => i + 1);
        const scores = scoresOf(sheets, judges);
        const shuffled = [...scores].sort(
          (a, b) =>
            ((a.competitorId * 31 + a.judge + salt) % 7) - ((b.competitorId * 31 + b.judge + salt) % 7),
        );
        const ranks = (s: JudgeScore[]) =>
          new Map(rankJudged(ids, s, judges).rows.map((row) => [row.competitorId, row.rank]));
        expect(ranks(shuffled)).toEqual(ranks(scores));
      }),
      { numRuns: 100 },
    );
  });

  it('placings, when given, are 1..4 in rank order with no tie left on them', () => {
    fc.assert(
      fc.property(division, ({ judges, sheets }) => {
        const ids = sheets.map((_, i) => i + 1);
        const r = rankJudged(ids, scoresOf(sheets, judges), judges);
        if (r.unresolvedTies.length > 0) {
          expect(r.placings).toBeNull();
          return;
        }
        expect(r.placings!.map((p) => p.place)).toEqual([1, 2, 3, 4].slice(0, Math.min(4, ids.length)));
      }),
      { numRuns: 150 },
    );
  });
});

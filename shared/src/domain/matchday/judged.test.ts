import { describe, expect, it } from 'vitest';
import { rankJudged, validScore, type JudgeScore } from './judged.ts';

/** One competitor's scores for a round, judge 1 first. */
function sheet(competitorId: number, values: readonly (number | null)[], round = 0): JudgeScore[] {
  return values.flatMap((value, i) => (value === null ? [] : [{ competitorId, judge: i + 1, round, value }]));
}

const order = (r: ReturnType<typeof rankJudged>) => r.rows.map((row) => row.competitorId);
const rankOf = (r: ReturnType<typeof rankJudged>, id: number) =>
  r.rows.find((row) => row.competitorId === id)!.rank;

describe('judged scoring', () => {
  it('drops the highest and the lowest score and ranks by the sum of the rest', () => {
    const r = rankJudged([1, 2], [...sheet(1, [9, 1, 8, 8, 8]), ...sheet(2, [8.5, 8.5, 8.5, 8.5, 8.5])], 5);
    expect(r.rows[0]).toMatchObject({ competitorId: 2, total: 25.5, rank: 1 });
    expect(r.rows[1]).toMatchObject({ competitorId: 1, total: 24, rank: 2 });
  });

  it('with 3 judges the middle score is the total', () => {
    const r = rankJudged([1, 2], [...sheet(1, [7, 9.9, 8]), ...sheet(2, [8.1, 8.2, 6])], 3);
    expect(r.rows.map((x) => x.total)).toEqual([8.1, 8]);
    expect(order(r)).toEqual([2, 1]);
  });

  it('a tie is broken by adding back the lowest score', () => {
    // Both 24 without high and low; 2 has the better lowest score, 1 the better highest.
    const r = rankJudged([1, 2], [...sheet(1, [8, 8, 8, 7, 9.5]), ...sheet(2, [8, 8, 8, 7.5, 9])], 5);
    expect(order(r)).toEqual([2, 1]);
    expect(r.rows.map((x) => x.tieBrokenBy)).toEqual(['low', 'low']);
    expect(r.unresolvedTies).toEqual([]);
  });

  it('then by adding back the highest score', () => {
    const r = rankJudged([1, 2], [...sheet(1, [8, 8, 8, 7, 9]), ...sheet(2, [8, 8, 8, 7, 9.5])], 5);
    expect(order(r)).toEqual([2, 1]);
    expect(r.rows.map((x) => x.tieBrokenBy)).toEqual(['high', 'high']);
  });

  it('compares on hundredths, so 8.1 + 8.2 + 0.3 ties 0.3 + 8.2 + 8.1', () => {
    // Summed as floating point in judge order these differ (16.599999999999998 and 16.6).
    const r = rankJudged(
      [1, 2],
      [...sheet(1, [8.1, 8.2, 0.3, 0, 10]), ...sheet(2, [0.3, 8.2, 8.1, 0, 10])],
      5,
    );
    expect(rankOf(r, 1)).toBe(1);
    expect(rankOf(r, 2)).toBe(1);
    expect(r.rows.map((x) => x.total)).toEqual([16.6, 16.6]);
    expect(r.unresolvedTies).toEqual([[1, 2]]);
  });

  it('a tie left after the dropped scores shows as a tie that a run-off decides', () => {
    const r = rankJudged(
      [1, 2, 3],
      [...sheet(1, [8, 8, 8]), ...sheet(2, [8, 8, 8]), ...sheet(3, [9, 9, 9])],
      3,
    );
    expect(r.rows.map((x) => [x.competitorId, x.rank])).toEqual([
      [3, 1],
      [1, 2],
      [2, 2],
    ]);
    expect(r.unresolvedTies).toEqual([[1, 2]]);
    expect(r.runOffNeeded).toEqual([{ round: 1, competitorIds: [1, 2] }]);
    expect(r.placings).toBeNull();
  });

  it('the run-off orders the tied competitors inside the places they share', () => {
    const main = [...sheet(1, [8, 8, 8]), ...sheet(2, [8, 8, 8]), ...sheet(3, [9, 9, 9])];
    const r = rankJudged([1, 2, 3], [...main, ...sheet(1, [7, 7, 7], 1), ...sheet(2, [7.5, 7, 7.2], 1)], 3);
    expect(order(r)).toEqual([3, 2, 1]);
    expect(r.rows[1]).toMatchObject({ rank: 2, tieBrokenBy: 'runOff', runOffRound: 1 });
    expect(r.placings).toEqual([
      { competitorId: 3, place: 1 },
      { competitorId: 2, place: 2 },
      { competitorId: 1, place: 3 },
    ]);
  });

  it('a run-off still tied asks for the next round', () => {
    const main = [...sheet(1, [8, 8, 8]), ...sheet(2, [8, 8, 8])];
    const tiedAgain = [...main, ...sheet(1, [7, 7, 7], 1), ...sheet(2, [7, 7, 7], 1)];
    const r = rankJudged([1, 2], tiedAgain, 3);
    expect(r.runOffNeeded).toEqual([{ round: 2, competitorIds: [1, 2] }]);
    const settled = rankJudged(
      [1, 2],
      [...tiedAgain, ...sheet(1, [6, 6, 6], 2), ...sheet(2, [6, 6, 6.5], 2)],
      3,
    );
    expect(order(settled)).toEqual([2, 1]);
    expect(settled.rows[0]).toMatchObject({ tieBrokenBy: 'runOff', runOffRound: 2 });
  });

  it('a run-off waits for every tied competitor and every judge', () => {
    const main = [...sheet(1, [8, 8, 8]), ...sheet(2, [8, 8, 8])];
    const r = rankJudged([1, 2], [...main, ...sheet(1, [9, 9, 9], 1), ...sheet(2, [7, 7, null], 1)], 3);
    expect(r.runOffNeeded).toEqual([{ round: 1, competitorIds: [1, 2] }]);
    expect(rankOf(r, 1)).toBe(1);
    expect(rankOf(r, 2)).toBe(1);
  });

  it('a tie below 4th place needs no run-off and still shows as a tie', () => {
    const ids = [1, 2, 3, 4, 5, 6];
    const scores = [
      ...sheet(1, [10, 10, 10]),
      ...sheet(2, [9, 9, 9]),
      ...sheet(3, [8, 8, 8]),
      ...sheet(4, [7, 7, 7]),
      ...sheet(5, [6, 6, 6]),
      ...sheet(6, [6, 6, 6]),
    ];
    const r = rankJudged(ids, scores, 3);
    expect(r.unresolvedTies).toEqual([]);
    expect(rankOf(r, 5)).toBe(5);
    expect(rankOf(r, 6)).toBe(5);
    expect(r.placings?.map((p) => p.place)).toEqual([1, 2, 3, 4]);
  });

  it('a tie across 4th and 5th place needs a run-off', () => {
    const scores = [1, 2, 3].flatMap((id) => sheet(id, [10 - id, 10 - id, 10 - id]));
    const r = rankJudged([1, 2, 3, 4, 5], [...scores, ...sheet(4, [5, 5, 5]), ...sheet(5, [5, 5, 5])], 3);
    expect(r.runOffNeeded).toEqual([{ round: 1, competitorIds: [4, 5] }]);
    expect(r.placings).toBeNull();
  });

  it('incomplete competitors come last, unranked, and hold back the placings', () => {
    const r = rankJudged([1, 2], [...sheet(1, [8, null, 8]), ...sheet(2, [7, 7, 7])], 3);
    expect(r.complete).toBe(false);
    expect(r.rows[1]).toMatchObject({
      competitorId: 1,
      complete: false,
      rank: null,
      total: null,
      scores: [8, null, 8],
    });
    expect(r.placings).toBeNull();
  });

  it('a judge who scores again replaces the earlier score', () => {
    const r = rankJudged([1], [...sheet(1, [5, 5, 5]), { competitorId: 1, judge: 2, round: 0, value: 6 }], 3);
    expect(r.rows[0]!.scores).toEqual([5, 6, 5]);
  });

  it('scores of absent competitors and of judges beyond the panel are ignored', () => {
    const r = rankJudged(
      [1],
      [...sheet(1, [5, 5, 5]), ...sheet(9, [9, 9, 9]), { competitorId: 1, judge: 4, round: 0, value: 10 }],
      3,
    );
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.total).toBe(5);
  });

  it('places 1st to 4th only', () => {
    const ids = [1, 2, 3, 4, 5];
    const r = rankJudged(
      ids,
      ids.flatMap((id) => sheet(id, [id, id, id])),
      3,
    );
    expect(r.placings).toEqual([
      { competitorId: 5, place: 1 },
      { competitorId: 4, place: 2 },
      { competitorId: 3, place: 3 },
      { competitorId: 2, place: 4 },
    ]);
  });
});

describe('valid scores', () => {
  const range = { scoreMin: 0, scoreMax: 10 };
  it('accepts the range and up to two decimals', () => {
    expect(validScore(0, range)).toBe(true);
    expect(validScore(10, range)).toBe(true);
    expect(validScore(8.15, range)).toBe(true);
  });
  it('refuses out of range, three decimals and non-numbers', () => {
    expect(validScore(10.01, range)).toBe(false);
    expect(validScore(-0.5, range)).toBe(false);
    expect(validScore(8.155, range)).toBe(false);
    expect(validScore(Number.NaN, range)).toBe(false);
  });
});

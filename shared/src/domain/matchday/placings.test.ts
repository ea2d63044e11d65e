import { describe, expect, it } from 'vitest';
import type { JudgeScore } from './judged.ts';
import { eventPlacings } from './placings.ts';
import { DEFAULT_EVENT_TYPE_RULES, type EventTypeRules } from './types.ts';

function makeRules(over: Partial<EventTypeRules> = {}): EventTypeRules {
  return {
    ...DEFAULT_EVENT_TYPE_RULES,
    eventTypeId: 1,
    title: 'Forms',
    decidedBy: 'judged',
    judges: 3,
    ...over,
  };
}
const scoresOf = (competitorId: number, value: number): JudgeScore[] =>
  [1, 2, 3].map((judge) => ({ competitorId, judge, round: 0, value }));

describe('event placings', () => {
  it('a judged event places the present competitors by their scores', () => {
    const placings = eventPlacings({
      rules: makeRules(),
      presentCompetitorIds: [1, 2],
      draw: null,
      scores: [...scoresOf(1, 7), ...scoresOf(2, 9), ...scoresOf(3, 10)],
      winners: new Map(),
    });
    expect(placings).toEqual([
      { competitorId: 2, place: 1 },
      { competitorId: 1, place: 2 },
    ]);
  });

  it('a bracket event places from the stored draw and the entered winners', () => {
    const rules = makeRules({ decidedBy: 'bracket', title: 'Sparring' });
    const input = { rules, presentCompetitorIds: [5, 6], scores: [], winners: new Map([['rr1m1', 6]]) };
    expect(eventPlacings({ ...input, draw: null })).toBeNull();
    expect(eventPlacings({ ...input, draw: [5, 6] })).toEqual([
      { competitorId: 6, place: 1 },
      { competitorId: 5, place: 2 },
    ]);
  });
});

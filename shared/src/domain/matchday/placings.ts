import { bracketPlacings, buildBracket } from './bracket.ts';
import { rankJudged, type JudgeScore } from './judged.ts';
import type { EventTypeRules, Placing } from './types.ts';

/**
 * A division's placings for one event type, from its results: judged via rankJudged over the
 * present competitors, bracket via bracketPlacings over the stored draw (null before the draw).
 */
export function eventPlacings(input: {
  rules: EventTypeRules;
  presentCompetitorIds: readonly number[];
  draw: readonly number[] | null;
  scores: readonly JudgeScore[];
  winners: ReadonlyMap<string, number>;
}): Placing[] | null {
  const { rules } = input;
  if (rules.decidedBy === 'judged')
    return rankJudged(input.presentCompetitorIds, input.scores, rules.judges).placings;
  if (input.draw === null) return null;
  return bracketPlacings(buildBracket(input.draw, rules.thirdPlace), input.winners);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketPlacings,
  buildBracket,
  matchesToFight,
  resolveBracket,
  type ResolvedMatch,
} from './bracket.ts';
import { drawSeeds, mulberry32 } from './draw.ts';
import type { ThirdPlace } from './types.ts';

const RUNS = 150;

/** A division of n competitors (ids 1..n) from a handful of schools, drawn from `seed`. */
function drawnDivision(n: number, seed: number) {
  const entrants = Array.from({ length: n }, (_, i) => ({
    competitorId: i + 1,
    school: ['A', 'B', 'C', ''][(i * 7 + seed) % 4]!,
  }));
  return drawSeeds(entrants, seed);
}

/** Plays a bracket out, each ready match won by a side picked from `luck`. */
function playOut(draw: number[], thirdPlace: ThirdPlace, roundRobinUpTo: number | undefined, luck: number) {
  const bracket = buildBracket(draw, thirdPlace, roundRobinUpTo === undefined ? {} : { roundRobinUpTo });
  const random = mulberry32(luck);
  const winners = new Map<string, number>();
  for (let turn = 0; turn < 200; turn++) {
    const ready = resolveBracket(bracket, winners).filter((m) => m.ready);
    if (ready.length === 0) break;
    for (const m of ready) winners.set(m.id, random() < 0.5 ? m.a! : m.b!);
  }
  return { bracket, winners, resolved: resolveBracket(bracket, winners) };
}

const arbitraryBracket = fc.record({
  n: fc.integer({ min: 2, max: 64 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  luck: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  thirdPlace: fc.constantFrom<ThirdPlace>('shared', 'match'),
  roundRobinUpTo: fc.constantFrom<number | undefined>(undefined, 0),
});

const fought = (resolved: readonly ResolvedMatch[], id: number) =>
  resolved.filter((m) => !m.isBye && (m.a === id || m.b === id));

describe('every completed bracket', () => {
  it('has exactly one 1st and one 2nd, each placed competitor once, all of them entrants', () => {
    fc.assert(
      fc.property(arbitraryBracket, ({ n, seed, luck, thirdPlace, roundRobinUpTo }) => {
        const draw = drawnDivision(n, seed);
        const { bracket, winners } = playOut(draw, thirdPlace, roundRobinUpTo, luck);
        const placings = bracketPlacings(bracket, winners);
        expect(placings).not.toBeNull();
        expect(placings!.filter((p) => p.place === 1)).toHaveLength(1);
        expect(placings!.filter((p) => p.place === 2)).toHaveLength(1);
        const ids = placings!.map((p) => p.competitorId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.every((id) => draw.includes(id))).toBe(true);
        expect(placings!.length).toBeLessThanOrEqual(4);
      }),
      { numRuns: RUNS },
    );
  });

  it('places agree with the matches', () => {
    fc.assert(
      fc.property(arbitraryBracket, ({ n, seed, luck, thirdPlace, roundRobinUpTo }) => {
        const draw = drawnDivision(n, seed);
        const { bracket, winners, resolved } = playOut(draw, thirdPlace, roundRobinUpTo, luck);
        const placings = bracketPlacings(bracket, winners)!;
        const placeOf = (id: number) => placings.find((p) => p.competitorId === id)?.place ?? 5;
        if (bracket.kind === 'singleElimination') {
          const final = resolved.find((m) => m.id === `r${bracket.rounds}m1`)!;
          expect(placeOf(final.winner!)).toBe(1);
          expect(placeOf(final.loser!)).toBe(2);
          // The champion won every match it fought; everyone else lost exactly one main match.
          expect(
            fought(resolved, final.winner!).every((m) => m.winner === final.winner || m.kind === 'third'),
          ).toBe(true);
          for (const id of draw) {
            const lost = resolved.filter((m) => m.kind === 'main' && !m.isBye && m.loser === id).length;
            expect(lost).toBe(id === final.winner ? 0 : 1);
          }
          const semis = resolved.filter((m) => m.round === bracket.rounds - 1 && m.kind === 'main');
          const third = resolved.find((m) => m.kind === 'third');
          if (bracket.thirdPlace === 'shared') {
            for (const s of semis) if (s.loser !== null) expect(placeOf(s.loser)).toBe(3);
          } else if (third) {
            expect(placeOf(third.winner!)).toBe(3);
            if (third.loser !== null) expect(placeOf(third.loser)).toBe(4);
          }
          // matchesToFight counts the default bracket, a round robin up to 3.
          if (n > 3)
            expect(resolved.filter((m) => !m.isBye)).toHaveLength(matchesToFight(n, bracket.thirdPlace));
        } else {
          // Round robin: more first-pass wins never places lower.
          const wins = (id: number) => resolved.filter((m) => m.round === 1 && m.winner === id).length;
          for (const x of draw)
            for (const y of draw) if (wins(x) > wins(y)) expect(placeOf(x)).toBeLessThan(placeOf(y));
        }
      }),
      { numRuns: RUNS },
    );
  });
});

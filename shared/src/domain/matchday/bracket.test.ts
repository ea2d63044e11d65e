import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import { describe, expect, it } from 'vitest';
import {
  bracketPlacings,
  buildBracket,
  matchesToFight,
  resolveBracket,
  undoneByWinnerChange,
  type Bracket,
} from './bracket.ts';
import type { ThirdPlace } from './types.ts';

/** Competitor ids 101, 102, ... in seed order, so seed s is 100 + s. */
const entrants = (n: number) => Array.from({ length: n }, (_, i) => 101 + i);

/** Plays every match to the end; `pick` chooses the winner of a ready match (default: the better seed). */
const better = (a: number, b: number) => Math.min(a, b);
const worse = (a: number, b: number) => Math.max(a, b);

function play(bracket: Bracket, pick: (a: number, b: number, id: string) => number = better) {
  const winners = new Map<string, number>();
  // A bracket of 64 plays in 6 rounds: a longer loop is a bug, not a slow test.
  for (let turn = 0; turn < 100; turn++) {
    const ready = resolveBracket(bracket, winners).filter((m) => m.ready);
    if (ready.length === 0) return winners;
    for (const m of ready) winners.set(m.id, pick(m.a!, m.b!, m.id));
  }
  throw new Error('the bracket never finished');
}

describe('single elimination', () => {
  it('5 entrants: 3 rounds, 7 matches, 3 byes', () => {
    const b = buildBracket(entrants(5), 'shared');
    expect(b).toMatchObject({ kind: 'singleElimination', size: 8, rounds: 3, byes: 3 });
    expect(b.matches).toHaveLength(7);
  });

  it('byes go to the top seeds, and seed 1 meets the last seed', () => {
    const first = resolveBracket(buildBracket(entrants(6), 'shared'), new Map()).filter((m) => m.round === 1);
    expect(first.filter((m) => m.isBye).map((m) => m.a)).toEqual([101, 102]);
    const eight = resolveBracket(buildBracket(entrants(8), 'shared'), new Map()).filter((m) => m.round === 1);
    expect(eight.map((m) => [m.a, m.b])).toEqual([
      [101, 108],
      [104, 105],
      [102, 107],
      [103, 106],
    ]);
  });

  it('a bye advances on its own; a fought match waits for its winner', () => {
    const resolved = resolveBracket(buildBracket(entrants(5), 'shared'), new Map());
    const r2m1 = resolved.find((m) => m.id === 'r2m1')!;
    expect(r2m1).toMatchObject({ a: 101, b: null, ready: false });
    expect(resolved.find((m) => m.id === 'r1m2')).toMatchObject({ a: 104, b: 105, ready: true });
    const after = resolveBracket(buildBracket(entrants(5), 'shared'), new Map([['r1m2', 105]]));
    expect(after.find((m) => m.id === 'r2m1')).toMatchObject({ a: 101, b: 105, ready: true });
  });

  it('a winner who is not in the match is ignored', () => {
    const b = buildBracket(entrants(4), 'shared');
    const r = resolveBracket(b, new Map([['r1m1', 102]]));
    expect(r.find((m) => m.id === 'r1m1')).toMatchObject({ winner: null, ready: true });
  });

  it('shared third place: both semi-final losers place 3rd and nobody 4th', () => {
    const b = buildBracket(entrants(8), 'shared');
    expect(b.matches.some((m) => m.kind === 'third')).toBe(false);
    expect(bracketPlacings(b, play(b))).toEqual([
      { competitorId: 101, place: 1 },
      { competitorId: 102, place: 2 },
      { competitorId: 104, place: 3 },
      { competitorId: 103, place: 3 },
    ]);
  });

  it('third place by match: its winner places 3rd and its loser 4th', () => {
    const b = buildBracket(entrants(8), 'match');
    const winners = play(b, (a, b2, id) => (id === 'third' ? worse(a, b2) : better(a, b2)));
    expect(bracketPlacings(b, winners)).toEqual([
      { competitorId: 101, place: 1 },
      { competitorId: 102, place: 2 },
      { competitorId: 104, place: 3 },
      { competitorId: 103, place: 4 },
    ]);
  });

  it('with a bye in a semi-final the third-place match is a bye too', () => {
    const b = buildBracket(entrants(3), 'match', { roundRobinUpTo: 0 });
    const winners = play(b);
    expect(resolveBracket(b, winners).find((m) => m.id === 'third')).toMatchObject({
      isBye: true,
      winner: 103,
    });
    expect(bracketPlacings(b, winners)).toEqual([
      { competitorId: 101, place: 1 },
      { competitorId: 102, place: 2 },
      { competitorId: 103, place: 3 },
    ]);
  });

  it('no placings until the final (and a third-place match) is decided', () => {
    const b = buildBracket(entrants(4), 'match');
    const winners = play(b);
    winners.delete('third');
    expect(bracketPlacings(b, winners)).toBeNull();
    winners.set('third', 103);
    winners.delete('r2m1');
    expect(bracketPlacings(b, winners)).toBeNull();
  });

  it('a corrected semi-final leaves a stale final winner ignored', () => {
    const b = buildBracket(entrants(4), 'shared');
    const winners = play(b);
    winners.set('r1m1', 104);
    expect(bracketPlacings(b, winners)).toBeNull();
  });
});

describe('round robin for 3 or fewer', () => {
  it('everyone meets everyone once, the top seeds last', () => {
    const b = buildBracket(entrants(3), 'shared');
    expect(b.kind).toBe('roundRobin');
    expect(b.matches.map((m) => [m.id, m.a, m.b])).toEqual([
      ['rr1m1', { competitorId: 102 }, { competitorId: 103 }],
      ['rr1m2', { competitorId: 101 }, { competitorId: 103 }],
      ['rr1m3', { competitorId: 101 }, { competitorId: 102 }],
    ]);
  });

  it('places by wins', () => {
    const b = buildBracket(entrants(3), 'shared');
    expect(bracketPlacings(b, play(b, worse))).toEqual([
      { competitorId: 103, place: 1 },
      { competitorId: 102, place: 2 },
      { competitorId: 101, place: 3 },
    ]);
  });

  it('a three-way cycle is decided by a deciding pass among the three', () => {
    const b = buildBracket(entrants(3), 'shared');
    // 102 beats 103, 103 beats 101, 101 beats 102.
    const cycle = new Map([
      ['rr1m1', 102],
      ['rr1m2', 103],
      ['rr1m3', 101],
    ]);
    expect(bracketPlacings(b, cycle)).toBeNull();
    const deciding = resolveBracket(b, cycle).filter((m) => m.ready);
    expect(deciding.map((m) => m.id)).toEqual(['rr2m1', 'rr2m2', 'rr2m3']);
    const settled = new Map([...cycle, ['rr2m1', 102], ['rr2m2', 101], ['rr2m3', 101]]);
    expect(bracketPlacings(b, settled)?.map((p) => p.competitorId)).toEqual([101, 102, 103]);
  });

  it('two entrants fight once; one entrant places 1st without a match', () => {
    const two = buildBracket(entrants(2), 'shared');
    expect(bracketPlacings(two, new Map([['rr1m1', 102]]))).toEqual([
      { competitorId: 102, place: 1 },
      { competitorId: 101, place: 2 },
    ]);
    expect(bracketPlacings(buildBracket([7], 'shared'), new Map())).toEqual([{ competitorId: 7, place: 1 }]);
  });
});

describe('matches to fight', () => {
  for (const thirdPlace of ['shared', 'match'] as ThirdPlace[]) {
    it(`counts the matches a played-out bracket fights, byes left out (${thirdPlace} third)`, () => {
      for (let n = 0; n <= 64; n++) {
        const b = buildBracket(entrants(n), thirdPlace);
        const fought = resolveBracket(b, play(b)).filter((m) => !m.isBye).length;
        expect(matchesToFight(n, thirdPlace), `n=${n}`).toBe(fought);
      }
    });
  }
});

describe('compared with brackets-manager', () => {
  /** brackets-manager's single elimination: rounds, matches and first-round pairs by seed (null: bye). */
  async function reference(n: number, consolationFinal: boolean) {
    const manager = new BracketsManager(new InMemoryDatabase());
    await manager.create.stage({
      tournamentId: 0,
      name: 'reference',
      type: 'single_elimination',
      seeding: entrants(n).map((id) => `#${id}`),
      settings: { size: 2 ** Math.ceil(Math.log2(n)), consolationFinal },
    });
    const data = await manager.get.stageData(0);
    const mainGroup = data.group[0]!.id;
    const main = data.match.filter((m) => m.group_id === mainGroup);
    const firstRound = data.round.find((r) => r.group_id === mainGroup && r.number === 1)!.id;
    // Participant ids start at 0 in seeding order: seed = id + 1.
    const seedOf = (o: { id: number | string | null } | null) =>
      o === null || o.id === null ? null : Number(o.id) + 1;
    const pairs = main
      .filter((m) => m.round_id === firstRound)
      .sort((a, b) => a.number - b.number)
      .map((m) => [seedOf(m.opponent1), seedOf(m.opponent2)]);
    return {
      rounds: data.round.filter((r) => r.group_id === mainGroup).length,
      matches: main.length,
      byes: pairs.filter(([a, b]) => a === null || b === null).length,
      pairs,
      thirdPlaceMatches: data.match.length - main.length,
    };
  }

  it('rounds, matches, byes and first-round pairs agree for 2 to 64 entrants', async () => {
    for (let n = 2; n <= 64; n++) {
      const thirdPlace: ThirdPlace = n % 2 === 0 ? 'match' : 'shared';
      const ref = await reference(n, thirdPlace === 'match' && n > 2);
      const b = buildBracket(entrants(n), thirdPlace, { roundRobinUpTo: 0 });
      const resolved = resolveBracket(b, new Map());
      const seed = (id: number | null) => (id === null ? null : id - 100);
      expect(
        {
          rounds: b.rounds,
          matches: b.matches.filter((m) => m.kind === 'main').length,
          byes: resolved.filter((m) => m.isBye && m.round === 1).length,
          pairs: resolved
            .filter((m) => m.round === 1 && m.kind === 'main')
            .map((m) => [seed(m.a), seed(m.b)]),
          thirdPlaceMatches: b.matches.filter((m) => m.kind === 'third').length,
        },
        `n=${n}`,
      ).toEqual(ref);
      expect(b.byes).toBe(ref.byes);
    }
  });
});

describe('changing a decided match', () => {
  // 4 entrants: r1m1 101 v 104, r1m2 102 v 103, final r2m1, third-place match 'third'.
  const bracket = buildBracket(entrants(4), 'match');
  const played = new Map([
    ['r1m1', 101],
    ['r1m2', 102],
    ['r2m1', 101],
    ['third', 104],
  ]);
  const ids = (ms: { id: string }[]) => ms.map((m) => m.id);

  it('undoes the later matches the old winner (and loser) went on to', () => {
    // 104 now beats 101: the final (101 fought in it) and the third-place match (104 fought in it).
    expect(ids(undoneByWinnerChange(bracket, played, 'r1m1', 104))).toEqual(['third', 'r2m1']);
  });

  it('undoes nothing while the winner has not played on', () => {
    const semis = new Map([
      ['r1m1', 101],
      ['r1m2', 102],
    ]);
    expect(undoneByWinnerChange(bracket, semis, 'r1m1', 104)).toEqual([]);
  });

  it('changing the final undoes nothing else; re-entering the same winner undoes nothing', () => {
    expect(undoneByWinnerChange(bracket, played, 'r2m1', 102)).toEqual([]);
    expect(undoneByWinnerChange(bracket, played, 'r1m1', 101)).toEqual([]);
  });
});

import type { Placing, ThirdPlace } from './types.ts';

// Bracket events (issue "rings and matchday"; docs/design.md §5): single elimination with
// byes when the count is not a power of two, round robin for 3 or fewer. Winners are entered
// match by match; third place is either shared by both semi-final losers or fought (per event
// type). Match ids are stable ('r1m1', 'r2m1', 'third', 'rr1m1') because entered winners are
// stored against them.

export type Slot = { competitorId: number } | { winnerOf: string } | { loserOf: string } | { bye: true };

export interface BracketMatch {
  /** Stable: 'r1m1', 'r2m1', ..., 'third'; round robin 'rr1m1' (pass 1), deciding passes 'rr2m1', ... */
  id: string;
  round: number;
  kind: 'main' | 'third' | 'roundRobin';
  a: Slot;
  b: Slot;
}

export interface Bracket {
  kind: 'singleElimination' | 'roundRobin';
  /** Padded power of two, or the entrants for a round robin. */
  size: number;
  rounds: number;
  matches: BracketMatch[];
  byes: number;
  thirdPlace: ThirdPlace;
  /** The draw it was built from (seed order), so a round robin of one still places its one. */
  draw: number[];
}

/** docs/design.md §5: round robin for 3 or fewer. */
export const ROUND_ROBIN_UP_TO = 3;

/**
 * Seed numbers in bracket order for a power-of-two size: 1 meets size, 2 meets size-1, and the
 * top seeds sit in different halves and quarters, so the best can only meet late.
 */
export function bracketSeedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const doubled = order.length * 2;
    order = order.flatMap((s) => [s, doubled + 1 - s]);
  }
  return order;
}

/** The padded bracket size: the next power of two (a bracket of 1 is 1). */
export function bracketSize(n: number): number {
  return n <= 1 ? 1 : 2 ** Math.ceil(Math.log2(n));
}

/**
 * draw = competitor ids in seed order (seed 1 first). Round robin for 3 or fewer unless
 * opts.roundRobinUpTo says otherwise (0 always builds an elimination bracket). Byes go to the
 * top seeds: a seed beyond the entrants is a bye, and seed s meets seed size+1-s.
 */
export function buildBracket(
  draw: readonly number[],
  thirdPlace: ThirdPlace,
  opts: { roundRobinUpTo?: number } = {},
): Bracket {
  const n = draw.length;
  if (n <= (opts.roundRobinUpTo ?? ROUND_ROBIN_UP_TO) || n < 2) {
    const matches = roundRobinMatches(draw, 1);
    return {
      kind: 'roundRobin',
      size: n,
      rounds: matches.length > 0 ? 1 : 0,
      matches,
      byes: 0,
      thirdPlace,
      draw: [...draw],
    };
  }
  const size = bracketSize(n);
  const rounds = Math.log2(size);
  const order = bracketSeedOrder(size);
  const slotOf = (seed: number): Slot => (seed <= n ? { competitorId: draw[seed - 1]! } : { bye: true });
  const matches: BracketMatch[] = [];
  for (let m = 1; m <= size / 2; m++) {
    matches.push({
      id: `r1m${m}`,
      round: 1,
      kind: 'main',
      a: slotOf(order[2 * m - 2]!),
      b: slotOf(order[2 * m - 1]!),
    });
  }
  for (let r = 2; r <= rounds; r++) {
    if (r === rounds && thirdPlace === 'match' && rounds >= 2) {
      // Fought before the final, as at the venue.
      matches.push({
        id: 'third',
        round: r,
        kind: 'third',
        a: { loserOf: `r${r - 1}m1` },
        b: { loserOf: `r${r - 1}m2` },
      });
    }
    for (let m = 1; m <= size / 2 ** r; m++) {
      const a: Slot = { winnerOf: `r${r - 1}m${2 * m - 1}` };
      const b: Slot = { winnerOf: `r${r - 1}m${2 * m}` };
      matches.push({ id: `r${r}m${m}`, round: r, kind: 'main', a, b });
    }
  }
  return { kind: 'singleElimination', size, rounds, matches, byes: size - n, thirdPlace, draw: [...draw] };
}

/**
 * Every pair of `ids` once, as pass `pass` ('rr{pass}m{k}'), in the circle method's order so
 * that the top seeds meet last. The better seed is `a`.
 */
function roundRobinMatches(ids: readonly number[], pass: number, first = 1): BracketMatch[] {
  const ring: (number | null)[] = [...ids];
  if (ring.length % 2 === 1) ring.push(null);
  const pairs: [number, number][] = [];
  for (let turn = 0; turn < ring.length - 1; turn++) {
    for (let i = 0; i < ring.length / 2; i++) {
      const x = ring[i]!;
      const y = ring[ring.length - 1 - i]!;
      if (x !== null && y !== null) pairs.push(ids.indexOf(x) < ids.indexOf(y) ? [x, y] : [y, x]);
    }
    ring.splice(1, 0, ring.pop()!);
  }
  return pairs.map(([a, b], k) => ({
    id: `rr${pass}m${first + k}`,
    round: pass,
    kind: 'roundRobin',
    a: { competitorId: a },
    b: { competitorId: b },
  }));
}

export interface ResolvedMatch {
  id: string;
  round: number;
  kind: BracketMatch['kind'];
  a: number | null;
  b: number | null;
  isBye: boolean;
  winner: number | null;
  loser: number | null;
  /** Both known, not a bye, undecided. */
  ready: boolean;
}

/** A side as resolved: a competitor, nobody yet, or a bye. */
type Side = number | null | 'bye';

/**
 * The later matches a new winner of `matchId` would undo: those decided now that are no longer
 * decided, or decided otherwise, once it is entered (a winner who no longer fights in a match is
 * ignored, see resolveBracket). In the bracket's order; empty when the change touches nothing else.
 */
export function undoneByWinnerChange(
  bracket: Bracket,
  winners: ReadonlyMap<string, number>,
  matchId: string,
  winnerId: number,
): ResolvedMatch[] {
  const after = new Map(
    resolveBracket(bracket, new Map([...winners, [matchId, winnerId]])).map((m) => [m.id, m]),
  );
  return resolveBracket(bracket, winners).filter(
    (m) => m.id !== matchId && !m.isBye && m.winner !== null && after.get(m.id)?.winner !== m.winner,
  );
}

/**
 * winners: match id -> winner competitor id, as entered. Byes advance on their own; a winner
 * that is not one of the match's two is ignored (a correction upstream can leave a stale entry).
 * A round robin whose results leave a cycle on places 1-4 gets a deciding pass among those tied
 * (see roundRobinOrder).
 */
export function resolveBracket(bracket: Bracket, winners: ReadonlyMap<string, number>): ResolvedMatch[] {
  if (bracket.kind === 'roundRobin') return resolveRoundRobin(bracket, winners).resolved;
  const done = new Map<string, { winner: Side; loser: Side }>();
  const sideOf = (slot: Slot): Side => {
    if ('competitorId' in slot) return slot.competitorId;
    if ('bye' in slot) return 'bye';
    if ('winnerOf' in slot) return done.get(slot.winnerOf)?.winner ?? null;
    return done.get(slot.loserOf)?.loser ?? null;
  };
  const resolved: ResolvedMatch[] = [];
  for (const m of bracket.matches) {
    const a = sideOf(m.a);
    const b = sideOf(m.b);
    const isBye = a === 'bye' || b === 'bye';
    let winner: Side = null;
    let loser: Side = null;
    if (isBye) {
      // The one competitor goes through; a match of two byes sends a bye on.
      winner = a === 'bye' ? b : a;
      loser = winner === null ? null : 'bye';
    } else if (a !== null && b !== null) {
      const entered = winners.get(m.id);
      if (entered === a || entered === b) {
        winner = entered;
        loser = entered === a ? b : a;
      }
    }
    done.set(m.id, { winner, loser });
    const known = (s: Side) => (s === 'bye' ? null : s);
    resolved.push({
      id: m.id,
      round: m.round,
      kind: m.kind,
      a: known(a),
      b: known(b),
      isBye,
      winner: known(winner),
      loser: known(loser),
      ready: !isBye && a !== null && b !== null && winner === null,
    });
  }
  return resolved;
}

/**
 * Placings once every needed match is decided, else null. Shared third: both semi-final losers
 * place 3 (no 4th). Match: the third-place winner places 3, its loser 4. Round robin: see
 * roundRobinOrder.
 */
export function bracketPlacings(bracket: Bracket, winners: ReadonlyMap<string, number>): Placing[] | null {
  if (bracket.kind === 'roundRobin') {
    const { tiers } = resolveRoundRobin(bracket, winners);
    if (tiers === null || tiers.some((t) => t.length > 1 && placeOfTier(tiers, t) <= 4)) return null;
    const placings: Placing[] = [];
    let place = 1;
    for (const tier of tiers) {
      if (place > 4) break;
      placings.push({ competitorId: tier[0]!, place: place as Placing['place'] });
      place += tier.length;
    }
    return placings;
  }
  const resolved = resolveBracket(bracket, winners);
  const byId = new Map(resolved.map((m) => [m.id, m]));
  const final = byId.get(`r${bracket.rounds}m1`);
  if (!final || final.winner === null) return null;
  const placings: Placing[] = [{ competitorId: final.winner, place: 1 }];
  if (final.loser !== null) placings.push({ competitorId: final.loser, place: 2 });
  if (bracket.rounds < 2) return placings;
  const third = byId.get('third');
  if (bracket.thirdPlace === 'match' && third) {
    if (third.winner === null) return null;
    placings.push({ competitorId: third.winner, place: 3 });
    if (third.loser !== null) placings.push({ competitorId: third.loser, place: 4 });
  } else {
    for (const semi of [byId.get(`r${bracket.rounds - 1}m1`), byId.get(`r${bracket.rounds - 1}m2`)]) {
      if (semi?.loser != null) placings.push({ competitorId: semi.loser, place: 3 });
    }
  }
  return placings;
}

/** Matches actually fought (no byes) for n entrants, for time estimates (no deciding passes). */
export function matchesToFight(n: number, thirdPlace: ThirdPlace): number {
  if (n < 2) return 0;
  if (n <= ROUND_ROBIN_UP_TO) return (n * (n - 1)) / 2;
  // Every fought match knocks one out; with 4 or more both semi-finals are fought.
  return n - 1 + (thirdPlace === 'match' ? 1 : 0);
}

// Round robin ranking. Competitors are ranked by wins. Competitors level on wins are ordered by
// the wins among themselves (so two level competitors are split by the match between them).
// When three or more are still level - every one beat one and lost to one, the three-way cycle -
// and the tie touches places 1-4, they fight a deciding pass among themselves ('rr2m1', ...,
// then 'rr3...' if it cycles again), ranked by the same rule. Explainable at the ring, and no
// result is decided by the draw.

function placeOfTier(tiers: readonly (readonly number[])[], tier: readonly number[]): number {
  let place = 1;
  for (const t of tiers) {
    if (t === tier) return place;
    place += t.length;
  }
  return place;
}

interface RoundRobinState {
  resolved: ResolvedMatch[];
  /** Rank order, a tier of several still tied; null while a needed match is undecided. */
  tiers: number[][] | null;
}

function resolveRoundRobin(bracket: Bracket, winners: ReadonlyMap<string, number>): RoundRobinState {
  const decide = (m: BracketMatch): ResolvedMatch => {
    const a = 'competitorId' in m.a ? m.a.competitorId : null;
    const b = 'competitorId' in m.b ? m.b.competitorId : null;
    const entered = winners.get(m.id);
    const winner = entered !== undefined && (entered === a || entered === b) ? entered : null;
    const loser = winner === null ? null : winner === a ? b : a;
    return {
      id: m.id,
      round: m.round,
      kind: m.kind,
      a,
      b,
      isBye: false,
      winner,
      loser,
      ready: winner === null,
    };
  };
  let passMatches = bracket.matches.map(decide);
  const all = [...passMatches];
  let tiers: number[][] = bracket.draw.length > 0 ? [[...bracket.draw]] : [];
  let playing = [...tiers];
  for (let pass = 1; ; pass++) {
    if (passMatches.some((m) => m.winner === null)) return { resolved: all, tiers: null };
    tiers = tiers.flatMap((t) => (playing.includes(t) ? splitByWins(t, passMatches) : [t]));
    playing = tiers.filter((t) => t.length > 1 && placeOfTier(tiers, t) <= 4);
    if (playing.length === 0) return { resolved: all, tiers };
    passMatches = [];
    for (const group of playing)
      passMatches.push(...roundRobinMatches(group, pass + 1, passMatches.length + 1).map(decide));
    all.push(...passMatches);
  }
}

/** Splits a level group by wins in `matches` among its own members, again inside each part. */
function splitByWins(group: number[], matches: readonly ResolvedMatch[]): number[][] {
  if (group.length <= 1) return [group];
  const members = new Set(group);
  const wins = new Map(group.map((id) => [id, 0]));
  for (const m of matches) {
    if (m.winner !== null && members.has(m.a!) && members.has(m.b!))
      wins.set(m.winner, wins.get(m.winner)! + 1);
  }
  const counts = [...new Set(wins.values())].sort((x, y) => y - x);
  if (counts.length === 1) return [group];
  return counts.flatMap((c) =>
    splitByWins(
      group.filter((id) => wins.get(id) === c),
      matches,
    ),
  );
}

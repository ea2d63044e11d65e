import { bracketSeedOrder, bracketSize, ROUND_ROBIN_UP_TO } from './bracket.ts';
import type { ThirdPlace } from './types.ts';

// The draw (issue "rings and matchday"): seeds are drawn, then competitors of the same school
// are kept apart in the first round where possible. The seed comes from the tablet that starts
// the division, so the server draws the same seeds (no Math.random in a shared mutator).

export interface DrawEntrant {
  competitorId: number;
  school: string;
}

/** mulberry32: a small seeded PRNG, plenty for shuffling a division; returns [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Case- and space-insensitive; an empty school is nobody's club, so it never clashes. */
function schoolKey(school: string): string {
  return school.toLowerCase().replace(/\s+/g, '');
}

/**
 * The first round as units of seeds: a pair that fights, or a lone seed whose opponent is a bye.
 * Seed s meets seed size+1-s (buildBracket).
 */
function firstRoundUnits(n: number): number[][] {
  const size = bracketSize(n);
  const order = bracketSeedOrder(size);
  const units: number[][] = [];
  for (let i = 0; i < size; i += 2) units.push([order[i]!, order[i + 1]!].filter((s) => s <= n));
  return units;
}

/**
 * Seeds drawn from `seed` (Fisher-Yates over the entrants sorted by id, so the order they are
 * listed in does not matter), then first-round pairs of the same school separated where possible
 * by swapping. A swap always takes a competitor from a unit with nobody of the clashing school,
 * so each swap removes at least one clash and adds none; the loop ends at the fewest clashes
 * possible (a school with more members than first-round units must meet itself).
 * `thirdPlace` does not change the first round; it is accepted so callers pass the event type's
 * settings as they stand.
 */
export function drawSeeds(
  entrants: readonly DrawEntrant[],
  seed: number,
  _thirdPlace?: ThirdPlace,
): number[] {
  const sorted = [...entrants].sort((a, b) => a.competitorId - b.competitorId);
  const random = mulberry32(seed);
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  const draw = sorted.map((e) => e.competitorId);
  const schools = new Map(sorted.map((e) => [e.competitorId, e.school]));
  separateSchools(draw, schools);
  return draw;
}

function separateSchools(draw: number[], schools: ReadonlyMap<number, string>): void {
  const n = draw.length;
  if (n < 4) return;
  const units = firstRoundUnits(n);
  const keyAt = (seed: number): string => schoolKey(schools.get(draw[seed - 1]!) ?? '');
  const clashes = (unit: number[]): boolean =>
    unit.length === 2 && keyAt(unit[0]!) !== '' && keyAt(unit[0]!) === keyAt(unit[1]!);
  // Each swap removes at least one clash, and there are at most n/2 of them.
  for (let guard = 0; guard <= n; guard++) {
    if (!swapOneClash(units, draw, keyAt, clashes)) return;
  }
}

/** Fixes the first clash that can be fixed; false when none can (a school too big to spread). */
function swapOneClash(
  units: readonly number[][],
  draw: number[],
  keyAt: (seed: number) => string,
  clashes: (unit: number[]) => boolean,
): boolean {
  for (let u = 0; u < units.length; u++) {
    if (!clashes(units[u]!)) continue;
    const school = keyAt(units[u]![0]!);
    // The nearest unit after this one with nobody of that school (wrapping round).
    for (let step = 1; step < units.length; step++) {
      const other = units[(u + step) % units.length]!;
      if (other.some((s) => keyAt(s) === school)) continue;
      // Move the clash's lower seed; take the other unit's lower seed (or its lone one).
      const from = units[u]![1]!;
      const to = other[other.length - 1]!;
      [draw[from - 1], draw[to - 1]] = [draw[to - 1]!, draw[from - 1]!];
      return true;
    }
  }
  return false;
}

/**
 * First-round same-school pairings left (for the screen's warning and tests). A round robin
 * (3 or fewer) has no first round to fix: everyone meets everyone, so it reports none.
 */
export function sameSchoolFirstRound(
  draw: readonly number[],
  schools: ReadonlyMap<number, string>,
): [number, number][] {
  if (draw.length <= ROUND_ROBIN_UP_TO) return [];
  const pairs: [number, number][] = [];
  for (const unit of firstRoundUnits(draw.length)) {
    if (unit.length < 2) continue;
    const a = draw[unit[0]! - 1]!;
    const b = draw[unit[1]! - 1]!;
    const key = schoolKey(schools.get(a) ?? '');
    if (key !== '' && key === schoolKey(schools.get(b) ?? '')) pairs.push([a, b]);
  }
  return pairs;
}

import { LAST_AWARDED_PLACE, type EventTypeRules, type Placing } from './types.ts';

// Judged events (issue "rings and matchday"; docs/design.md §5): 3 or 5 judges score each
// competitor; the highest and the lowest score are dropped and the rest summed. A tie is broken
// by adding back the lowest score, then the highest; a tie that is still there on places 1-4 is
// decided by a run-off whose scores are entered too (round 1, then 2, ...), ranked among the
// tied competitors by the same rule, and only orders them inside the places they share.

export interface JudgeScore {
  competitorId: number;
  /** 1..judges */
  judge: number;
  /** 0 for the main round, 1.. for run-off rounds. */
  round: number;
  value: number;
}

export interface JudgedRow {
  competitorId: number;
  /** Main round, index judge-1. */
  scores: (number | null)[];
  /** Sum without the highest and the lowest score; null until every judge has scored. */
  total: number | null;
  complete: boolean;
  /** 1-based; equal for an unresolved tie; null while incomplete. */
  rank: number | null;
  tieBrokenBy: 'low' | 'high' | 'runOff' | null;
  runOffRound: number | null;
}

export interface JudgedRanking {
  /** Rank order, incomplete rows last. */
  rows: JudgedRow[];
  /** Every present competitor has all main-round scores. */
  complete: boolean;
  /** Groups tied on places 1-4 that need a (further) run-off round. */
  unresolvedTies: number[][];
  runOffNeeded: { round: number; competitorIds: number[] }[];
  /** Null until complete and no unresolved tie touches places 1-4. */
  placings: Placing[] | null;
}

/** Within range and at most two decimals (scores are compared on hundredths). */
export function validScore(value: number, rules: Pick<EventTypeRules, 'scoreMin' | 'scoreMax'>): boolean {
  if (!Number.isFinite(value) || value < rules.scoreMin || value > rules.scoreMax) return false;
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Scores as integer hundredths, so 8.1 + 8.2 ties 8.2 + 8.1 (floating point sums do not). */
const hundredths = (value: number): number => Math.round(value * 100);

/** [total without high and low, low, high]: compared in that order, larger first. */
type Key = readonly [number, number, number];

function keyOf(values: readonly (number | null)[]): Key | null {
  if (values.some((v) => v === null)) return null;
  const h = (values as number[]).map(hundredths);
  const low = Math.min(...h);
  const high = Math.max(...h);
  return [h.reduce((s, v) => s + v, 0) - low - high, low, high];
}

function compareKeys(a: Key, b: Key): number {
  return b[0] - a[0] || b[1] - a[1] || b[2] - a[2];
}

/** A run of competitors in rank order sharing one position. */
interface Tier {
  ids: number[];
  /** The run-off round this tier waits for, or null (decided, or tied below 4th place). */
  needs: number | null;
}

interface Meta {
  tieBrokenBy: JudgedRow['tieBrokenBy'];
  runOffRound: number | null;
}

export function rankJudged(
  competitorIds: readonly number[],
  scores: readonly JudgeScore[],
  judges: 3 | 5,
): JudgedRanking {
  const ids = [...new Set(competitorIds)];
  const present = new Set(ids);
  // competitor -> round -> values by judge; a later entry of the same judge replaces an earlier one.
  const sheets = new Map<number, Map<number, (number | null)[]>>();
  for (const s of scores) {
    if (!present.has(s.competitorId) || !Number.isFinite(s.value)) continue;
    if (!Number.isInteger(s.judge) || s.judge < 1 || s.judge > judges) continue;
    if (!Number.isInteger(s.round) || s.round < 0) continue;
    let rounds = sheets.get(s.competitorId);
    if (!rounds) sheets.set(s.competitorId, (rounds = new Map()));
    let values = rounds.get(s.round);
    if (!values) rounds.set(s.round, (values = Array<number | null>(judges).fill(null)));
    values[s.judge - 1] = s.value;
  }
  const valuesOf = (id: number, round: number): (number | null)[] =>
    sheets.get(id)?.get(round) ?? Array<number | null>(judges).fill(null);
  const keyIn = (id: number, round: number): Key | null => keyOf(valuesOf(id, round));

  const meta = new Map<number, Meta>(ids.map((id) => [id, { tieBrokenBy: null, runOffRound: null }]));
  const scored = ids.filter((id) => keyIn(id, 0) !== null);
  const complete = scored.length === ids.length;

  /**
   * Orders `group` (competitors tied on every earlier round, or everyone for round 0) by
   * `round`'s scores; `position` is the group's first place. Ties left on places 1-4 wait for
   * the next run-off round; ties below 4th stay ties.
   */
  const order = (group: number[], round: number, position: number): Tier[] => {
    const keys = new Map<number, Key>();
    for (const id of group) {
      const k = keyIn(id, round);
      if (k) keys.set(id, k);
    }
    if (round > 0 && keys.size < group.length) {
      return [{ ids: group, needs: position <= LAST_AWARDED_PLACE ? round : null }];
    }
    const sorted = [...group].sort((a, b) => compareKeys(keys.get(a)!, keys.get(b)!));
    const tiers: Tier[] = [];
    let at = position;
    for (let i = 0; i < sorted.length;) {
      let j = i + 1;
      while (j < sorted.length && compareKeys(keys.get(sorted[i]!)!, keys.get(sorted[j]!)!) === 0) j++;
      const same = sorted.slice(i, j);
      if (same.length === 1) {
        const id = same[0]!;
        if (round > 0) meta.set(id, { tieBrokenBy: 'runOff', runOffRound: round });
        else meta.set(id, { tieBrokenBy: brokenBy(id, keys), runOffRound: null });
        tiers.push({ ids: same, needs: null });
      } else {
        tiers.push(...order(same, round + 1, at));
      }
      at += same.length;
      i = j;
    }
    return tiers;
  };

  const tiers = order(scored, 0, 1);
  const rows: JudgedRow[] = [];
  const unresolved = complete ? tiers.filter((t) => t.needs !== null) : [];
  let position = 1;
  for (const tier of tiers) {
    for (const id of tier.ids) {
      const key = keyIn(id, 0)!;
      rows.push({
        competitorId: id,
        scores: valuesOf(id, 0),
        total: key[0] / 100,
        complete: true,
        rank: position,
        ...meta.get(id)!,
      });
    }
    position += tier.ids.length;
  }
  for (const id of ids) {
    if (keyIn(id, 0) !== null) continue;
    rows.push({
      competitorId: id,
      scores: valuesOf(id, 0),
      total: null,
      complete: false,
      rank: null,
      tieBrokenBy: null,
      runOffRound: null,
    });
  }

  const placings =
    complete && unresolved.length === 0
      ? rows
          .filter((r) => r.rank !== null && r.rank <= LAST_AWARDED_PLACE)
          .map((r) => ({ competitorId: r.competitorId, place: r.rank as Placing['place'] }))
      : null;
  return {
    rows,
    complete,
    unresolvedTies: unresolved.map((t) => t.ids),
    runOffNeeded: unresolved.map((t) => ({ round: t.needs!, competitorIds: t.ids })),
    placings,
  };
}

/**
 * Which main-round rule set a competitor apart from those with the same total: 'low' when the
 * lowest score did it for every one of them, 'high' when someone also had the same lowest score.
 */
function brokenBy(id: number, keys: ReadonlyMap<number, Key>): JudgedRow['tieBrokenBy'] {
  const own = keys.get(id)!;
  let by: JudgedRow['tieBrokenBy'] = null;
  for (const [other, k] of keys) {
    if (other === id || k[0] !== own[0]) continue;
    if (k[1] === own[1]) return 'high';
    by = 'low';
  }
  return by;
}

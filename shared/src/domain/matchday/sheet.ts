import { buildBracket, resolveBracket } from './bracket.ts';
import type { EventTypeRules, ThirdPlace } from './types.ts';

// Division sheets from the live division (decision 050): the printed sheet and the ring tablet
// read the same rules, so paper and tablet agree on who runs, how many judges score and who
// meets whom.

/**
 * Who a division runs: its entries not marked as no-shows. The tablet draws the bracket among
 * them when the division starts (startDivision), shows them on its screen, and the sheet lists
 * them.
 */
export function presentEntries<E extends { noShow: boolean }>(entries: readonly E[]): E[] {
  return entries.filter((e) => !e.noShow);
}

/**
 * Who a division runs but is not checked in: the control room warns of them, and the ring tablet
 * names them before it starts the division (decision 050, "Checked in").
 */
export function absentEntries<E extends { noShow: boolean; competitorId: number }>(
  entries: readonly E[],
  checkedIn: (competitorId: number) => boolean,
): E[] {
  return presentEntries(entries).filter((e) => !checkedIn(e.competitorId));
}

/**
 * A division's event types as its sheet prints them: each with the judges its panel has, read
 * from the same rules the ring tablet scores with (the division's `rules`).
 */
export function sheetEventTypes(rules: readonly EventTypeRules[]) {
  return rules.map((r) => ({ id: r.eventTypeId, title: r.title, decidedBy: r.decidedBy, judges: r.judges }));
}

export interface SheetMatch {
  round: number;
  /** Competitor ids; null for a bye (first round) or a winner to come. */
  a: number | null;
  b: number | null;
}

export interface SheetBracket {
  kind: 'roundRobin' | 'singleElimination';
  rounds: SheetMatch[][];
}

/**
 * The bracket a stored draw makes, round by round, exactly as the tablet builds it
 * (buildBracket then resolveBracket with no winners yet: a bye sends its competitor on).
 */
export function sheetBracket(draw: readonly number[], thirdPlace: ThirdPlace): SheetBracket {
  const bracket = buildBracket(draw, thirdPlace);
  const byRound = new Map<number, SheetMatch[]>();
  for (const m of resolveBracket(bracket, new Map())) {
    const round = byRound.get(m.round) ?? [];
    round.push({ round: m.round, a: m.a, b: m.b });
    byRound.set(m.round, round);
  }
  return {
    kind: bracket.kind,
    rounds: [...byRound.entries()].sort(([a], [b]) => a - b).map(([, matches]) => matches),
  };
}

/**
 * A stored draw still fits the division when it holds exactly the competitors it runs. After a
 * late change (a no-show, a move) it does not, and only a director's confirmed redraw replaces it.
 */
export function drawFits(draw: readonly number[], presentIds: readonly number[]): boolean {
  if (draw.length !== presentIds.length) return false;
  const present = new Set(presentIds);
  return draw.every((id) => present.has(id));
}

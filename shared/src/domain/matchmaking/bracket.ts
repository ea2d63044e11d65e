// The drawn bracket printed on a bracket event's sheet (docs/design.md §5: single
// elimination, round robin for 3 or fewer). The draw is the division's competitor order, so a
// reprint draws the same bracket; the top of the order gets the byes.

export interface BracketMatch {
  round: number;
  /** Competitor ids, or null for a bye (first round) or a winner to come (later rounds). */
  a: number | null;
  b: number | null;
}

export interface DrawnBracket {
  kind: 'roundRobin' | 'singleElimination';
  rounds: BracketMatch[][];
}

/** Seed positions of a bracket of `size` (a power of two): 1 meets size, 2 meets size-1, spread apart. */
function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

export function drawBracket(competitorIds: readonly number[]): DrawnBracket {
  const n = competitorIds.length;
  if (n <= 3) {
    const matches: BracketMatch[] = [];
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) matches.push({ round: 1, a: competitorIds[i]!, b: competitorIds[j]! });
    return { kind: 'roundRobin', rounds: [matches] };
  }
  const size = 2 ** Math.ceil(Math.log2(n));
  const order = seedOrder(size);
  const at = (seed: number) => (seed <= n ? competitorIds[seed - 1]! : null);
  const rounds: BracketMatch[][] = [];
  const first: BracketMatch[] = [];
  for (let i = 0; i < size; i += 2) first.push({ round: 1, a: at(order[i]!), b: at(order[i + 1]!) });
  rounds.push(first);
  for (let matches = size / 4, round = 2; matches >= 1; matches /= 2, round++) {
    rounds.push(Array.from({ length: matches }, () => ({ round, a: null, b: null })));
  }
  return { kind: 'singleElimination', rounds };
}

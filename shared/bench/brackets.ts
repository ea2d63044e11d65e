// Bench: a 64-entrant bracket drawn, built and resolved (issue "rings and matchday": goal under
// 5 ms). Printed beside a floor measured in the same run - a plain Fisher-Yates shuffle of 64
// ids plus sorting them - so a slow or busy machine shows in both. Asserts nothing.
// Run: npx tsx shared/bench/brackets.ts (or npm run bench -w @tournament/shared)
import {
  bracketPlacings,
  buildBracket,
  drawSeeds,
  mulberry32,
  resolveBracket,
} from '../src/domain/matchday/index.ts';

const N = 64;
const WARMUP = 200;
const SAMPLES = 2000;
const entrants = Array.from({ length: N }, (_, i) => ({
  competitorId: 1000 + i,
  school: ['Tiger', 'Crane', 'Lotus', ''][i % 4]!,
}));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Results kept so the work cannot be optimised away; printed as a count at the end. */
let kept = 0;

function measure(name: string, run: (i: number) => unknown): { p50: number; p95: number } {
  for (let i = 0; i < WARMUP; i++) kept += run(i) ? 1 : 0;
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    kept += run(WARMUP + i) ? 1 : 0;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result = { p50: percentile(times, 50), p95: percentile(times, 95) };
  console.log(`${name.padEnd(62)} p50 ${result.p50.toFixed(4)} ms   p95 ${result.p95.toFixed(4)} ms`);
  return result;
}

/** The floor: what any draw of 64 costs at least. */
const floor = measure('floor: Fisher-Yates shuffle of 64 ids + sort', (i) => {
  const ids = entrants.map((e) => e.competitorId);
  const random = mulberry32(i);
  for (let k = ids.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [ids[k], ids[j]] = [ids[j]!, ids[k]!];
  }
  return ids.sort((a, b) => a - b);
});

/** What starting a division and showing its bracket costs. */
const once = measure('draw (school separation) + build + resolve', (i) =>
  resolveBracket(buildBracket(drawSeeds(entrants, i), 'match'), new Map()),
);

/** A whole bracket played out round by round, as the ring enters winners, then placed. */
const played = measure('draw + build + play out (7 resolves) + placings', (i) => {
  const draw = drawSeeds(entrants, i);
  const bracket = buildBracket(draw, 'match');
  // Winners as the ring would have entered them: the better seed of each match.
  const winners = new Map<string, number>();
  const seedOf = new Map(draw.map((id, k) => [id, k]));
  for (const m of resolveBracket(bracket, winners))
    if (m.a !== null && m.b !== null) winners.set(m.id, seedOf.get(m.a)! < seedOf.get(m.b)! ? m.a : m.b);
  for (let round = 2; round <= bracket.rounds; round++) {
    for (const m of resolveBracket(bracket, winners)) {
      if (m.ready) winners.set(m.id, seedOf.get(m.a!)! < seedOf.get(m.b!)! ? m.a! : m.b!);
    }
  }
  return bracketPlacings(bracket, winners);
});

for (const [name, r] of [
  ['draw + build + resolve', once],
  ['played out', played],
] as const) {
  console.log(
    `${name}: ${(r.p50 / floor.p50).toFixed(1)}x the floor at p50, ${(r.p95 / floor.p95).toFixed(1)}x at p95 (goal: under 5 ms)`,
  );
}
console.log(`(${kept} results kept)`);

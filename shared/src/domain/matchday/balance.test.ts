import { describe, expect, it } from 'vitest';
import { balanceRings, type BalanceDivision } from './balance.ts';

let nextDivision = 1;
function makeDivision(over: Partial<BalanceDivision> = {}): BalanceDivision {
  return {
    divisionId: nextDivision++,
    ringId: null,
    status: 'upcoming',
    estimatedMinutes: 10,
    queueOrder: 0,
    ...over,
  };
}
function ringMinutes(
  divisions: readonly BalanceDivision[],
  plan: ReturnType<typeof balanceRings>,
  ringId: number,
) {
  return divisions
    .filter((d) => (plan.get(d.divisionId)?.ringId ?? d.ringId) === ringId)
    .reduce((sum, d) => sum + d.estimatedMinutes, 0);
}

describe('balancing rings', () => {
  it('spreads upcoming divisions so the rings finish about together', () => {
    const divisions = [60, 50, 40, 30, 20, 10].map((m) => makeDivision({ estimatedMinutes: m, ringId: 1 }));
    const plan = balanceRings(divisions, [1, 2, 3]);
    expect([1, 2, 3].map((r) => ringMinutes(divisions, plan, r))).toEqual([70, 70, 70]);
  });

  it('keeps current and completed divisions where they are and counts their minutes', () => {
    const running = makeDivision({ ringId: 1, status: 'current', estimatedMinutes: 60, queueOrder: 1 });
    const done = makeDivision({ ringId: 2, status: 'completed', estimatedMinutes: 20, queueOrder: 1 });
    const upcoming = [makeDivision({ estimatedMinutes: 30 }), makeDivision({ estimatedMinutes: 10 })];
    const plan = balanceRings([running, done, ...upcoming], [1, 2]);
    expect(plan.has(running.divisionId)).toBe(false);
    expect(plan.has(done.divisionId)).toBe(false);
    expect(upcoming.map((d) => plan.get(d.divisionId))).toEqual([
      { ringId: 2, queueOrder: 2 },
      { ringId: 2, queueOrder: 3 },
    ]);
  });

  it('numbers each ring queue from 1 and keeps the earlier queue order inside a ring', () => {
    const a = makeDivision({ estimatedMinutes: 5, queueOrder: 1 });
    const b = makeDivision({ estimatedMinutes: 50, queueOrder: 2 });
    const c = makeDivision({ estimatedMinutes: 5, queueOrder: 3 });
    const plan = balanceRings([a, b, c], [7, 8]);
    expect(plan.get(b.divisionId)).toEqual({ ringId: 7, queueOrder: 1 });
    expect(plan.get(a.divisionId)).toEqual({ ringId: 8, queueOrder: 1 });
    expect(plan.get(c.divisionId)).toEqual({ ringId: 8, queueOrder: 2 });
  });

  it('moves upcoming divisions off a ring that is not in the list', () => {
    const d = makeDivision({ ringId: 99 });
    expect(balanceRings([d], [1, 2]).get(d.divisionId)).toEqual({ ringId: 1, queueOrder: 1 });
  });

  it('is the same whatever order the divisions come in', () => {
    const divisions = [12, 7, 7, 30, 1, 18, 7].map((m) => makeDivision({ estimatedMinutes: m }));
    const one = balanceRings(divisions, [1, 2, 3]);
    const other = balanceRings([...divisions].reverse(), [1, 2, 3]);
    expect(new Map([...other].sort((x, y) => x[0] - y[0]))).toEqual(
      new Map([...one].sort((x, y) => x[0] - y[0])),
    );
  });
});

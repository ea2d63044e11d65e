// Balancing rings (issue "rings and matchday"): upcoming divisions are spread over the open
// rings by estimated duration so the rings finish about together. Longest first, each to the
// least loaded ring (the classic greedy: within a third of the best possible finish).

export interface BalanceDivision {
  divisionId: number;
  ringId: number | null;
  status: 'upcoming' | 'current' | 'completed';
  estimatedMinutes: number;
  queueOrder: number;
}

/**
 * Assigns every upcoming division to a ring, keeping current and completed divisions where they
 * are and counting their minutes (rings started together, so work done is time spent).
 * Deterministic: ties go to the earlier ring in `ringIds`, then the lower division id. Within a
 * ring, upcoming divisions keep their previous queue order (then division id), numbered after
 * the ring's started ones.
 */
export function balanceRings(
  divisions: readonly BalanceDivision[],
  ringIds: readonly number[],
): Map<number, { ringId: number; queueOrder: number }> {
  const plan = new Map<number, { ringId: number; queueOrder: number }>();
  if (ringIds.length === 0) return plan;
  const load = new Map(ringIds.map((id) => [id, 0]));
  const lastStarted = new Map(ringIds.map((id) => [id, 0]));
  for (const d of divisions) {
    if (d.status === 'upcoming' || d.ringId === null || !load.has(d.ringId)) continue;
    load.set(d.ringId, load.get(d.ringId)! + d.estimatedMinutes);
    lastStarted.set(d.ringId, Math.max(lastStarted.get(d.ringId)!, d.queueOrder));
  }
  const upcoming = divisions
    .filter((d) => d.status === 'upcoming')
    .sort((a, b) => b.estimatedMinutes - a.estimatedMinutes || a.divisionId - b.divisionId);
  const assigned = new Map<number, BalanceDivision[]>(ringIds.map((id) => [id, []]));
  for (const d of upcoming) {
    let best = ringIds[0]!;
    for (const id of ringIds) if (load.get(id)! < load.get(best)!) best = id;
    load.set(best, load.get(best)! + d.estimatedMinutes);
    assigned.get(best)!.push(d);
  }
  for (const id of ringIds) {
    const queue = assigned
      .get(id)!
      .sort((a, b) => a.queueOrder - b.queueOrder || a.divisionId - b.divisionId);
    queue.forEach((d, i) => plan.set(d.divisionId, { ringId: id, queueOrder: lastStarted.get(id)! + i + 1 }));
  }
  return plan;
}

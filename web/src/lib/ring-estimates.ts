import type { SyncDivision, SyncRing } from '@shared/contract/sync-entities.ts';
import { estimatedMinutes, estimateRing, type QueueItem } from '@shared/domain/matchday/index.ts';

// Estimated starts of every ring's upcoming divisions from synced rows (issue 14), by the shared
// rule (estimateRing: the queue and the ring's pace so far). For the rings and matchday screens
// (and any screen holding the same rows); the family's schedule gets the same from the server.

/** Estimated starts (ISO) of upcoming and current divisions on a ring, by division id. */
export function estimatedStarts(
  rings: readonly SyncRing[],
  divisions: readonly SyncDivision[],
  now: Date,
): ReadonlyMap<number, string> {
  const starts = new Map<number, string>();
  const rank = { completed: 0, current: 1, upcoming: 2 } as const;
  for (const ring of rings) {
    const queue: QueueItem[] = divisions
      .filter((d) => d.ringId === ring.id)
      .sort(
        (a, b) =>
          rank[a.status] - rank[b.status] ||
          (a.completedAt ?? '').localeCompare(b.completedAt ?? '') ||
          a.queueOrder - b.queueOrder ||
          a.id - b.id,
      )
      .map((d) => ({
        divisionId: d.id,
        status: d.status,
        startedAt: d.startedAt,
        completedAt: d.completedAt,
        estimatedMinutes: estimatedMinutes(d, new Map(d.rules.map((r) => [r.eventTypeId, r]))),
      }));
    for (const e of estimateRing(queue, now).items)
      if (e.estimatedStart) starts.set(e.divisionId, e.estimatedStart);
  }
  return starts;
}

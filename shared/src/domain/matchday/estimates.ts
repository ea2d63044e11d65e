import { matchesToFight } from './bracket.ts';
import { DEFAULT_EVENT_TYPE_RULES, type EventTypeRules } from './types.ts';

// Estimated start times (issue "rings and matchday"; docs/design.md §5): from the ring's
// queue and the pace so far, shown to families and on signage and used for "your division is up
// soon" messages. `now` is an argument: the same estimate on the device and the server.

export interface DivisionTiming {
  competitorCount: number;
  eventTypeIds: readonly number[];
}

/**
 * Estimated minutes of a division: per event type, judged = count x minutesPerPerformance;
 * bracket = matchesToFight x minutesPerMatch; summed. An unknown event type is estimated as a
 * judged one with the default minutes (one performance each is the cautious guess).
 */
export function estimatedMinutes(d: DivisionTiming, rules: ReadonlyMap<number, EventTypeRules>): number {
  let minutes = 0;
  for (const id of d.eventTypeIds) {
    const r = rules.get(id);
    if (r?.decidedBy === 'bracket')
      minutes += matchesToFight(d.competitorCount, r.thirdPlace) * r.minutesPerMatch;
    else minutes += d.competitorCount * (r ?? DEFAULT_EVENT_TYPE_RULES).minutesPerPerformance;
  }
  return minutes;
}

export interface QueueItem {
  divisionId: number;
  status: 'upcoming' | 'current' | 'completed';
  startedAt: string | null;
  completedAt: string | null;
  estimatedMinutes: number;
}

export interface RingEstimate {
  divisionId: number;
  /** ISO; null for completed. */
  estimatedStart: string | null;
  estimatedEnd: string | null;
}

/**
 * The tournament's day as the rings run it (shared day-schedule.ts `ringDay`), as epoch
 * milliseconds: nothing is estimated to start before `opensAt`, nor during the lunch break.
 */
export interface RingDay {
  opensAt: number | null;
  lunch: { start: number; end: number } | null;
}

/** A ring running at a fifth of its estimate, or thrice it, is more likely a bad timestamp. */
export const PACE_MIN = 0.5;
export const PACE_MAX = 3;

const MINUTE = 60_000;

function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/**
 * One ring's queue in queue order (completed ones included, for pace). Pace = actual minutes /
 * estimated minutes over this ring's completed divisions (1 when none; clamped to 0.5..3), so
 * a ring that runs slow pushes its later divisions back. The current division ends at
 * startedAt + estimate x pace, or now if that has passed; upcoming ones follow back to back from
 * max(now, that end). With the tournament's `day` (decision 052), upcoming ones start no earlier
 * than the rings' start, and one that would start during lunch starts when lunch ends.
 */
export function estimateRing(
  queue: readonly QueueItem[],
  now: Date,
  day: RingDay | null = null,
): { pace: number; items: RingEstimate[] } {
  let actual = 0;
  let estimated = 0;
  for (const q of queue) {
    const start = timeOf(q.startedAt);
    const end = timeOf(q.completedAt);
    if (q.status !== 'completed' || start === null || end === null || end < start || q.estimatedMinutes <= 0)
      continue;
    actual += (end - start) / MINUTE;
    estimated += q.estimatedMinutes;
  }
  const pace = estimated > 0 ? Math.min(PACE_MAX, Math.max(PACE_MIN, actual / estimated)) : 1;
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(Math.round(ms)).toISOString();

  const byId = new Map<number, RingEstimate>();
  let cursor = Math.max(nowMs, day?.opensAt ?? nowMs);
  for (const q of queue) {
    if (q.status !== 'current') continue;
    const start = timeOf(q.startedAt) ?? nowMs;
    const end = Math.max(nowMs, start + q.estimatedMinutes * pace * MINUTE);
    byId.set(q.divisionId, { divisionId: q.divisionId, estimatedStart: iso(start), estimatedEnd: iso(end) });
    cursor = Math.max(cursor, end);
  }
  for (const q of queue) {
    if (q.status === 'completed')
      byId.set(q.divisionId, { divisionId: q.divisionId, estimatedStart: null, estimatedEnd: null });
    if (q.status !== 'upcoming') continue;
    if (day?.lunch && cursor >= day.lunch.start && cursor < day.lunch.end) cursor = day.lunch.end;
    const end = cursor + q.estimatedMinutes * pace * MINUTE;
    byId.set(q.divisionId, { divisionId: q.divisionId, estimatedStart: iso(cursor), estimatedEnd: iso(end) });
    cursor = end;
  }
  return { pace, items: queue.map((q) => byId.get(q.divisionId)!) };
}

/** A division as rings run it (the synced `divisions` row has these fields). */
export interface RingDivision extends DivisionTiming {
  id: number;
  ringId: number | null;
  status: QueueItem['status'];
  startedAt: string | null;
  completedAt: string | null;
  queueOrder: number;
  rules: readonly EventTypeRules[];
}

/** A division's estimated minutes from its own event type rules. */
export function divisionMinutes(d: Pick<RingDivision, 'competitorCount' | 'eventTypeIds' | 'rules'>): number {
  return estimatedMinutes(d, new Map(d.rules.map((r) => [r.eventTypeId, r])));
}

/**
 * Estimated starts (ISO) of the current and upcoming divisions of every ring, by division id:
 * each ring's queue (completed ones first, in the order they ended, for the pace; then the
 * current one; then the upcoming ones in queue order) through `estimateRing`. The one rule the
 * rings, matchday and signage screens and a family's schedule share (decision 023).
 */
export function estimatedStarts(
  divisions: readonly RingDivision[],
  now: Date,
  day: RingDay | null = null,
): Map<number, string> {
  const starts = new Map<number, string>();
  for (const queue of ringQueues(divisions).values())
    for (const e of estimateRing(queue, now, day).items)
      if (e.estimatedStart) starts.set(e.divisionId, e.estimatedStart);
  return starts;
}

/**
 * Each ring's queue as `estimateRing` takes it, by ring id: completed divisions first, in the
 * order they ended (for the pace), then the current one, then the upcoming ones in queue order.
 * Divisions without a ring are left out.
 */
export function ringQueues(divisions: readonly RingDivision[]): Map<number, QueueItem[]> {
  const rank = { completed: 0, current: 1, upcoming: 2 } as const;
  const byRing = new Map<number, RingDivision[]>();
  for (const d of divisions) {
    if (d.ringId === null) continue;
    const list = byRing.get(d.ringId) ?? [];
    list.push(d);
    byRing.set(d.ringId, list);
  }
  const queues = new Map<number, QueueItem[]>();
  for (const [ringId, list] of byRing) {
    queues.set(
      ringId,
      [...list]
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
          estimatedMinutes: divisionMinutes(d),
        })),
    );
  }
  return queues;
}

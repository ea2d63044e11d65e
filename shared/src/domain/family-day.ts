import type { CompetitorScheduleEntry } from '../contract/matchday.ts';
import type { SyncDivision, SyncRing } from '../contract/sync-entities.ts';
import { estimatedStarts, type RingDay } from './matchday/estimates.ts';

// A family's day (docs/decisions/051-family-day-page.md): each of its children's divisions
// with a live status, from the family's own schedule (an authenticated read: which child is in
// which division, and their placings) and the public rings and divisions the TVs show (the
// `signage` scope: ring, queue, status). One rule for the page and its tests; estimates are
// the rings' own (`estimatedStarts`), never a second rule.

export type FamilyDayStatus =
  /** On a ring's queue, not the next one up. */
  | 'queued'
  /** The next division on its ring. */
  | 'upNext'
  /** Running on its ring. */
  | 'now'
  /** Running on a ring closed mid-division: "Paused", as the TV says. */
  | 'paused'
  | 'completed'
  /** Not on a ring, or its ring closed before it ran: "to be announced". */
  | 'toBeAnnounced';

export interface FamilyDayLine {
  divisionId: number;
  title: string;
  eventTypes: readonly string[];
  status: FamilyDayStatus;
  /** The ring it is on (for toBeAnnounced: the closed ring it was on), or null. */
  ringName: string | null;
  /** Its ring is closed and it has not run (status toBeAnnounced). */
  ringClosed: boolean;
  /** The ring it was on when the family first saw it, when it has moved since; else null. */
  movedFrom: string | null;
  /** Its estimated start (ISO) for queued and upNext, only while still ahead of `now`; else null. */
  startsAt: string | null;
  /** The child's own placings (completed only), one per event type placed. */
  placings: readonly { eventType: string; place: number }[];
  /**
   * Completed, and the family's schedule has read its placings (false for the moment between a
   * ring completing it and the schedule being read again: "no placing" would be wrong then).
   */
  placingsKnown: boolean;
}

export interface FamilyDayChild {
  competitorId: number;
  firstName: string;
  divisions: FamilyDayLine[];
}

export interface FamilyDayInput {
  /** The family's own schedule entries (GET /api/registration/schedule). */
  entries: readonly CompetitorScheduleEntry[];
  /** The public rings and divisions (the `signage` scope). */
  rings: readonly SyncRing[];
  divisions: readonly SyncDivision[];
  /** The ring each division was on when the family first saw it (to say it moved). */
  seenRings?: ReadonlyMap<number, number | null>;
  now: Date;
  /** The instant the estimates count from (`estimatesFrom`: now, or when last heard from). */
  estimatesAt?: Date;
  /** The rings' start and lunch from the tournament's schedule (`ringDay`), as the TVs count. */
  ringDay?: RingDay | null;
}

/** The ring each division is on now, by division id (what the page remembers as first seen). */
export function ringsOf(divisions: readonly SyncDivision[]): Map<number, number | null> {
  return new Map(divisions.map((d) => [d.id, d.ringId]));
}

/** Each child of the family, in the schedule's order, with each of their divisions' status. */
export function familyDay(input: FamilyDayInput): FamilyDayChild[] {
  const { entries, rings, divisions, now } = input;
  const ringById = new Map(rings.map((r) => [r.id, r]));
  const byId = new Map(divisions.map((d) => [d.id, d]));
  const estimates = estimatedStarts(divisions, input.estimatesAt ?? now, input.ringDay ?? null);
  // The first upcoming division of each ring's queue is up next.
  const nextOnRing = new Map<number, SyncDivision>();
  for (const d of divisions) {
    if (d.ringId === null || d.status !== 'upcoming' || d.competitorCount === 0) continue;
    const first = nextOnRing.get(d.ringId);
    if (!first || d.queueOrder < first.queueOrder || (d.queueOrder === first.queueOrder && d.id < first.id))
      nextOnRing.set(d.ringId, d);
  }

  const line = (e: CompetitorScheduleEntry): FamilyDayLine => {
    const d = byId.get(e.divisionId);
    const status = d?.status ?? e.status;
    const ringId = d ? d.ringId : undefined;
    const ring = ringId === undefined || ringId === null ? undefined : ringById.get(ringId);
    const ringName = ringId === undefined ? e.ringName : (ring?.name ?? null);
    const seen = input.seenRings?.get(e.divisionId);
    const movedFrom =
      seen !== undefined && seen !== null && ringId !== undefined && seen !== ringId
        ? (ringById.get(seen)?.name ?? null)
        : null;
    const base = {
      divisionId: e.divisionId,
      title: d?.title ?? e.title,
      eventTypes: d?.eventTypes ?? e.eventTypes,
      ringName,
      ringClosed: false,
      movedFrom,
      startsAt: null,
      placings: [] as FamilyDayLine['placings'],
      placingsKnown: false,
    };
    if (status === 'completed')
      return { ...base, status, placings: e.placings, placingsKnown: e.status === 'completed' };
    if (status === 'current') return { ...base, status: ring && !ring.isOpen ? 'paused' : 'now' };
    if (ringName === null) return { ...base, status: 'toBeAnnounced' };
    if (ring && !ring.isOpen) return { ...base, status: 'toBeAnnounced', ringClosed: true };
    const estimate = d ? (estimates.get(d.id) ?? null) : e.estimatedStart;
    // Never a time already past as a future estimate: a late ring's division is "soon".
    const startsAt = estimate !== null && Date.parse(estimate) > now.getTime() ? estimate : null;
    const upNext = d !== undefined && ringId !== undefined && ringId !== null && nextOnRing.get(ringId) === d;
    return { ...base, status: upNext ? 'upNext' : 'queued', startsAt };
  };

  const children = new Map<number, FamilyDayChild>();
  for (const e of entries) {
    const child = children.get(e.competitorId) ?? {
      competitorId: e.competitorId,
      firstName: e.firstName,
      divisions: [],
    };
    child.divisions.push(line(e));
    children.set(e.competitorId, child);
  }
  return [...children.values()];
}

/** A key that changes whenever one of the family's divisions completes (to read its placings). */
export function completedKey(
  entries: readonly CompetitorScheduleEntry[],
  divisions: readonly SyncDivision[],
): string {
  const own = new Set(entries.map((e) => e.divisionId));
  return divisions
    .filter((d) => own.has(d.id) && d.status === 'completed')
    .map((d) => d.id)
    .sort((a, b) => a - b)
    .join(',');
}

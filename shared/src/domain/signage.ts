import type { RingAssignment, SignageRing } from '../contract/matchday.ts';
import { msg } from '../i18n/message-ref.ts';
import type { SyncDivision, SyncRing } from '../contract/sync-entities.ts';

// What a signage TV shows (docs/product.md §2 "Signage screen", sections 4 and 9; decision 022):
// the open rings, each with its current division and up to three upcoming ones in queue
// order, completed ones and the current one left out. One rule for the TV (from the device's
// rows) and for GET /api/signage/ring-assignments (from the server's).

/** docs/product.md §9: up to 3 upcoming divisions per ring. */
export const SIGNAGE_UPCOMING_LIMIT = 3;
/** docs/product.md §4 and §9: the screen refetches in the background every 11 seconds. */
export const SIGNAGE_REFRESH_MS = 11_000;
/** Older than this, what the TV shows is marked "Last updated hh:mm" (decision 022). */
export const SIGNAGE_STALE_AFTER_MS = 30_000;

/** docs/product.md §2, word for word. */
export const SIGNAGE_TEXTS = {
  noUpcoming: msg('signage.rule.noUpcoming'),
  noRings: msg('signage.rule.noRings'),
} as const;

/** A ring as the TV shows it. */
export interface SignageCard {
  ringId: number;
  name: string;
  current: RingAssignment | null;
  /** At most three, in queue order; only the first shows its event types. */
  upcoming: RingAssignment[];
}

const byOrder = (a: RingAssignment, b: RingAssignment) =>
  a.order - b.order || a.ringAssignmentId - b.ringAssignmentId;

/**
 * The cards of the open rings, in the order given (the rings' order). `ringIds` (the TV's
 * `?rings=` option) keeps only those rings; empty or absent keeps all.
 */
export function selectSignage(
  rings: readonly SignageRing[],
  ringIds?: readonly number[] | null,
): SignageCard[] {
  const only = ringIds && ringIds.length > 0 ? new Set(ringIds) : null;
  return rings
    .filter((r) => r.isOpen && (!only || only.has(r.ringId)))
    .map((r) => ({
      ringId: r.ringId,
      name: r.name,
      current: r.current,
      upcoming: r.upcoming
        .filter((a) => !a.isCompleted && a.ringAssignmentId !== r.current?.ringAssignmentId)
        .sort(byOrder)
        .slice(0, SIGNAGE_UPCOMING_LIMIT),
    }));
}

function assignmentOf(d: SyncDivision): RingAssignment {
  return {
    ringAssignmentId: d.id,
    title: d.title,
    eventTypes: [...d.eventTypes],
    order: d.queueOrder,
    isCompleted: d.status === 'completed',
  };
}

/**
 * docs/product.md §3's ring assignments from synced rows: every ring in its order, its current
 * division (the one running; the earliest started should two be marked so), and its other
 * divisions in queue order with completed ones flagged.
 */
export function ringAssignmentsFromRows(
  rings: readonly SyncRing[],
  divisions: readonly SyncDivision[],
): SignageRing[] {
  const byRing = new Map<number, SyncDivision[]>();
  for (const d of divisions) {
    if (d.ringId === null) continue;
    const list = byRing.get(d.ringId) ?? [];
    list.push(d);
    byRing.set(d.ringId, list);
  }
  return [...rings]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((ring) => {
      const own = byRing.get(ring.id) ?? [];
      const current =
        own
          .filter((d) => d.status === 'current')
          .sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.id - b.id)[0] ?? null;
      return {
        ringId: ring.id,
        name: ring.name,
        isOpen: ring.isOpen,
        current: current ? assignmentOf(current) : null,
        upcoming: own
          .filter((d) => d !== current)
          .map(assignmentOf)
          .sort(byOrder),
      };
    });
}

/** The `?rings=1,2` option: ring ids, or null when absent or naming none. */
export function parseRingIds(param: string | null | undefined): number[] | null {
  if (!param) return null;
  const ids = param
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  return ids.length > 0 ? [...new Set(ids)] : null;
}
